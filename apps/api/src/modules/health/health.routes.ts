import { healthEndpoints as endpoints } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import { type Database, embeddedDatabaseAnswers } from '../../platform/db/client.ts';
import { AppError, GENERAL_KEY } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { Lifecycle } from '../../platform/lifecycle.ts';

/** A database that does not answer `select 1` within this is unreachable for the health check. */
export const HEALTH_TIMEOUT_MS = 2_000;

/** Whether the database answers within `timeoutMs`. */
async function answers(db: Database, timeoutMs: number): Promise<boolean> {
  // The embedded database has one session: its own probe does not queue behind the queries before it.
  const embedded = embeddedDatabaseAnswers(db);
  if (embedded) return embedded(timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const query = db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(deps: { db: Database; lifecycle?: Pick<Lifecycle, 'isDraining'> | undefined }) {
  return [
    route(endpoints.health, async () => {
      // A stopping instance says so first, so that load balancers send it nothing new while it drains.
      if (deps.lifecycle?.isDraining) {
        throw new AppError(503, [{ key: GENERAL_KEY, message: 'health.draining' }]);
      }
      if (!(await answers(deps.db, HEALTH_TIMEOUT_MS))) {
        throw new AppError(503, [{ key: 'database', message: 'health.databaseUnreachable' }]);
      }
      return { status: 'ok' as const, database: 'ok' as const };
    }),
  ];
}
