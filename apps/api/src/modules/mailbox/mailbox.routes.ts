import { mailboxEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './mailbox.service.ts';

/** Development tools: the policy keeps them out of production. */
export function mailboxRoutes(deps: { db: Database }) {
  const { db } = deps;
  return [route(endpoints.list, ({ query }) => service.listMailbox(db, query))];
}
