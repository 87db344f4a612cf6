import { describe, expect, it } from 'vitest';
import { type RoutePreloads, routePreloadFiles } from './route-preloads.ts';

const map: RoutePreloads = {
  files: ['shell.js', 'members.js', 'member.js', 'new.js', 'signup.js', 'table.js', 'location.js'],
  routes: [
    ['/_app', '/', [0]],
    ['/_app/location', '/location', [6]],
    ['/_app/location/members', '/location/members', []],
    ['/_app/location/members/', '/location/members/', [1, 5]],
    ['/_app/location/members/$memberId', '/location/members/$memberId', [2, 5]],
    ['/_app/location/members/new', '/location/members/new', [3]],
    ['/inschrijven/$gymSlug/', '/inschrijven/$gymSlug/', [4]],
  ],
};

describe('the files a first visit preloads', () => {
  it('takes the screen the address opens and its layouts', () => {
    expect(routePreloadFiles(map, '/location/members').sort()).toEqual(
      ['location.js', 'members.js', 'shell.js', 'table.js'].sort(),
    );
    expect(routePreloadFiles(map, '/Location/Members/')).toContain('members.js');
  });

  it('prefers a fixed segment to a parameter', () => {
    expect(routePreloadFiles(map, '/location/members/new').sort()).toEqual(
      ['location.js', 'new.js', 'shell.js'].sort(),
    );
    expect(routePreloadFiles(map, '/location/members/42')).toContain('member.js');
  });

  it('takes no signed-in layout for a public page, and nothing for an unknown address', () => {
    expect(routePreloadFiles(map, '/inschrijven/vitaal')).toEqual(['signup.js']);
    expect(routePreloadFiles(map, '/nergens/heen')).toEqual([]);
  });
});
