import {
  MEMBER_IMPORT_EXAMPLE_FILE_NAME,
  MEMBER_IMPORT_EXAMPLE_PATH,
  memberImportEndpoints,
  memberImportPolicy,
} from '@xp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { route } from '../../platform/http/route.ts';
import { importMembers } from './member-import.ts';
import { exampleWorkbook } from './member-import-example.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function memberImportRoutes(deps: { db: Database }) {
  const { db } = deps;
  return [
    route(memberImportEndpoints.import, ({ session, form, actor }) =>
      importMembers(db, session, form.file, form.dryRun, actor),
    ),
  ];
}

/**
 * `GET /Member/ImportExample`: the example import file. A platform route, as the employer's example Excel:
 * it answers the file's bytes, which a contract endpoint (always the JSON envelope) cannot describe. Same
 * policy as the import; errors answer the envelope.
 */
export function memberImportExampleRoute(deps: { db: Database }) {
  return (app: FastifyInstance) => {
    app.get(
      `/api${MEMBER_IMPORT_EXAMPLE_PATH}`,
      { config: { policy: memberImportPolicy }, schema: { hide: true } },
      async (request: FastifyRequest, reply: FastifyReply) =>
        reply
          .type(XLSX_TYPE)
          .header('Content-Disposition', `attachment; filename="${MEMBER_IMPORT_EXAMPLE_FILE_NAME}"`)
          .header('Cache-Control', 'no-store')
          .send(await exampleWorkbook(deps.db, request.session!)),
    );
  };
}
