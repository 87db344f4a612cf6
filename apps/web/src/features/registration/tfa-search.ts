import { defined, type SearchInput, stringUpTo } from '@/ui/list-search';

/**
 * Search params of `/account/tfa`: `code` is the registration code when a registration is being verified
 * (the register page sends it along); without it the page finishes a sign-in. A plain function (no zod on
 * the route tree, decision 010).
 */
export function parseTfaSearch(search: SearchInput<{ code: string }>): { code?: string } {
  return defined({ code: stringUpTo((search as Record<string, unknown>).code, 128, 1) });
}

/** `/account/confirm-email` and `/account/reset-password`: the mailed token. */
export function parseTokenSearch(search: SearchInput<{ token: string }>): { token?: string } {
  return defined({ token: stringUpTo((search as Record<string, unknown>).token, 200) });
}
