/** Loads another page of the site (the app) as a new document: the login entry has no router. */
export const loadPage = (href: string): void => window.location.assign(href);

/** The same, in place of this page in the history (a signed-in visitor of the login page). */
export const replacePage = (href: string): void => window.location.replace(href);
