import { describe, expect, it } from 'vitest';
import { type PublicPage, publicPageOf, resultPath } from './public-pages';

describe('the page an address opens in the public entry', () => {
  it("reads every public route of the app as the router does (static segments first, any case, '/' or not)", () => {
    const cases: [string, string, PublicPage | null][] = [
      ['/inschrijven', '', { page: 'signUp' }],
      ['/inschrijven/', '', { page: 'signUp' }],
      ['/Inschrijven/vitaal', '', { page: 'signUp', gymSlug: 'vitaal' }],
      ['/inschrijven/vitaal/', '', { page: 'signUp', gymSlug: 'vitaal' }],
      [
        '/inschrijven/vitaal/vitaal-utrecht-centrum',
        '',
        { page: 'signUp', gymSlug: 'vitaal', locationSlug: 'vitaal-utrecht-centrum' },
      ],
      [
        '/inschrijven/vitaal/vitaal-utrecht-centrum/kiosk',
        '',
        { page: 'signUp', gymSlug: 'vitaal', locationSlug: 'vitaal-utrecht-centrum', isKiosk: true },
      ],
      ['/inschrijven/afronden/AB12CD', '', { page: 'complete', publicCode: 'AB12CD', isKiosk: false }],
      ['/inschrijven/afronden/AB12CD/kiosk', '', { page: 'complete', publicCode: 'AB12CD', isKiosk: true }],
      ['/inschrijven/bevestigen/t0k%2Ben', '', { page: 'confirm', token: 't0k+en' }],
      ['/inschrijven/resultaat/r3sult', '', { page: 'result', token: 'r3sult', returnTo: undefined }],
      [
        '/inschrijven/resultaat/r3sult',
        '?terug=%2Finschrijven%2Fvitaal%2Fvitaal-utrecht-centrum%2Fkiosk',
        { page: 'result', token: 'r3sult', returnTo: '/inschrijven/vitaal/vitaal-utrecht-centrum/kiosk' },
      ],
      // As the app's router writes a search value that would read as JSON.
      [
        '/inschrijven/resultaat/r3sult',
        `?terug=${encodeURIComponent('"/inschrijven/afronden/AB12CD/kiosk"')}`,
        { page: 'result', token: 'r3sult', returnTo: '/inschrijven/afronden/AB12CD/kiosk' },
      ],
      // Never elsewhere: the link could be forged.
      [
        '/inschrijven/resultaat/r3sult',
        '?terug=https%3A%2F%2Fevil.example',
        { page: 'result', token: 'r3sult', returnTo: undefined },
      ],
      // Two segments: a gym's page, as in the app (no index route of these static segments).
      ['/inschrijven/afronden', '', { page: 'signUp', gymSlug: 'afronden' }],
      [
        '/inschrijven/resultaat/r3sult/kiosk',
        '',
        {
          page: 'signUp',
          gymSlug: 'resultaat',
          locationSlug: 'r3sult',
          isKiosk: true,
        },
      ],
      ['/betalen/42.abc', '', { page: 'pay', token: '42.abc' }],
      ['/Afmelden/42.abc/', '', { page: 'cancel', token: '42.abc' }],
      ['/betalen', '', null],
      ['/betalen/42.abc/meer', '', null],
      ['/inschrijven/a/b/c', '', null],
      ['/inschrijven/a/b/c/d', '', null],
      ['/inschrijven/%E0%A4%A', '', null],
      ['/location/members', '', null],
    ];
    for (const [pathname, search, page] of cases)
      expect(publicPageOf(pathname, search), pathname + search).toEqual(page);
  });

  it('writes the result page of a sign-up, with the kiosk to go back to', () => {
    expect(resultPath('42.abc')).toBe('/inschrijven/resultaat/42.abc');
    expect(resultPath('42.abc', '/inschrijven/vitaal/centrum/kiosk')).toBe(
      '/inschrijven/resultaat/42.abc?terug=%2Finschrijven%2Fvitaal%2Fcentrum%2Fkiosk',
    );
    const [pathname = '', search = ''] = resultPath('42.abc', '/inschrijven/vitaal/centrum/kiosk').split(
      /(?=\?)/,
    );
    expect(publicPageOf(pathname, search)).toEqual({
      page: 'result',
      token: '42.abc',
      returnTo: '/inschrijven/vitaal/centrum/kiosk',
    });
  });
});
