/**
 * The path to return to after signing in, if it is a path of this site: it starts with a single `/`,
 * stays on this origin and is not the login page itself. Anything else (another site, `//host`,
 * `javascript:`) is ignored.
 */
export function safeRedirectPath(value: string | undefined, origin = window.location.origin): string | null {
  if (!value) return null;
  let path = value;
  // The router decodes the parameter; a doubly encoded one is decoded once more.
  if (/^%2F/i.test(path)) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return null;
    }
  }
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname.toLowerCase().startsWith('/account/login')) return null;
  // `/` is where everyone starts; the user's own home path serves better than the gym's.
  if (url.pathname === '/' && !url.search && !url.hash) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
