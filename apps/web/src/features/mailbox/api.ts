import { mailboxEndpoints as endpoints } from '@xp/contracts';
import { useApiListQuery } from '@/app/api-hooks';

/** How many of the newest mails the page shows; the address filter finds older ones. */
export const MAILBOX_PAGE_SIZE = 25;
/** The page refreshes itself, so a mail shows up while the person waits for it. */
export const MAILBOX_REFRESH_MS = 3_000;

/** The newest mails of the development mailbox, optionally only those to one address. */
export function useMailbox(to: string | undefined) {
  return useApiListQuery(
    endpoints.list,
    { query: { limit: MAILBOX_PAGE_SIZE, ...(to ? { to } : {}) } },
    {
      refetchInterval: (query) => (query.state.error?.status === 404 ? false : MAILBOX_REFRESH_MS),
      // 404: this server runs in production and has no mailbox; asking again will not change that.
      retry: (count, error) => error.status !== 404 && count < 2,
    },
  );
}
