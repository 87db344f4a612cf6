import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

const origin = 'http://localhost:3000';

describe('safeRedirectPath', () => {
  it.each([
    ['/location/areas', '/location/areas'],
    ['/location/areas?page=2&search=zaal', '/location/areas?page=2&search=zaal'],
    ['%2Flocation%2Fareas%3Fpage%3D2', '/location/areas?page=2'],
    ['/?tab=2', '/?tab=2'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirectPath(value, origin)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    '/account/login',
    '/account/login/%2Fadmin',
    'location/areas',
    '/',
  ])('refuses %s', (value) => {
    expect(safeRedirectPath(value, origin)).toBeNull();
  });
});
