import { healthEndpoints as endpoints } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';

export function healthRoutes(deps: { db: Database }) {
  return [
    route(endpoints.health, async () => {
      try {
        await deps.db.execute(sql`select 1`);
      } catch {
        throw new AppError(503, [{ key: 'database', message: 'health.databaseUnreachable' }]);
      }
      return { status: 'ok' as const, database: 'ok' as const };
    }),
  ];
}
