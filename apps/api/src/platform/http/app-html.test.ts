import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appHtml } from './app-html.ts';

const INDEX = '<!doctype html><html><head><title>XP</title></head><body><div id="root"></div></body></html>';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xp-app-html-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('appHtml', () => {
  it('answers nothing for a build without a route preload map', () => {
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    expect(appHtml(dir)).toBeUndefined();
  });

  it("announces the files of the address's route and its layouts at low priority, before </head>", () => {
    fs.writeFileSync(
      path.join(dir, 'route-preloads.json'),
      JSON.stringify({
        files: [
          'assets/_app-1.js',
          'assets/location-2.js',
          'assets/members-3.js',
          'assets/member-4.js',
          'x"><script>.js',
        ],
        routes: [
          ['/_app', '', [0]],
          ['/_app/location', '/location', [1]],
          ['/_app/location/members/', '/location/members/', [2]],
          ['/_app/location/members/$memberId', '/location/members/$memberId', [3]],
          ['/_app/odd/', '/odd/', [4]],
        ],
      }),
    );
    const page = appHtml(dir);
    const html = page?.('/location/members') ?? '';
    const links = [
      ...html.matchAll(
        /<link rel="modulepreload" crossorigin href="\/([^"]+)" fetchpriority="low" data-route>/g,
      ),
    ];
    expect(links.map(([, file]) => file)).toEqual([
      'assets/_app-1.js',
      'assets/location-2.js',
      'assets/members-3.js',
    ]);
    expect(html.indexOf('data-route')).toBeLessThan(html.indexOf('</head>'));
    expect(page?.('/Location/Members/12')).toContain('assets/member-4.js');
    // Nothing that is not a plain file name gets into the page; an unknown address gets the page as built.
    expect(page?.('/odd')).not.toContain('script');
    expect(page?.('/odd')).toContain('assets/_app-1.js');
    expect(page?.('/nowhere/at/all')).toBe(INDEX);
  });
});
