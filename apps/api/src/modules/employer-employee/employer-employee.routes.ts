import {
  EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH,
  EXAMPLE_EXCEL_FILE_NAME,
  employerEmployeeEndpoints as employees,
  employerEmployeeExampleExcelPolicy,
} from '@xp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../platform/http/route.ts';
import { activeTenant } from '../../platform/http/tenant.ts';
import { exampleWorkbook } from './employer-employee.excel.ts';
import * as service from './employer-employee.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function employerEmployeeRoutes(deps: service.EmployerEmployeeDeps) {
  const { db } = deps;
  return [
    route(employees.list, ({ session, query }) => service.listEmployees(db, session, query)),
    route(employees.get, ({ session, params }) => service.getEmployee(db, session, params.id)),
    route(employees.remove, ({ session, params, body, actor }) =>
      service.removeEmployee(db, session, params.activeEmployerId, body.userId, actor),
    ),
    route(employees.invitations, ({ session, params, query }) =>
      service.listInvitations(deps, session, params.activeEmployerId, query),
    ),
    route(employees.invite, ({ session, params, body, actor }) =>
      service.inviteEmployee(deps, session, params.activeEmployerId, body.email, actor),
    ),
    route(employees.inviteMultiple, ({ session, params, body, actor }) =>
      service.inviteMultipleEmployees(deps, session, params.activeEmployerId, body.emails, actor),
    ),
    route(employees.verifyEmailExcel, ({ session, params, form }) =>
      service.verifyEmailExcel(db, session, params.activeEmployerId, form.file),
    ),
    route(employees.resendInvitation, ({ session, params, actor }) =>
      service.resendInvitation(deps, session, params.id, actor),
    ),
    route(employees.cancelInvitation, ({ session, params, actor }) =>
      service.cancelInvitation(deps, session, params.id, actor),
    ),
  ];
}

/**
 * `GET /EmployerEmployeeInvitation/ExampleExcel`: the example import file `import_users_template.xlsx`.
 * A platform route, as `GET /cdn/{hash}`: it answers the file's bytes, which a contract endpoint (always
 * the JSON envelope) cannot describe. Same policy as the calls above; errors answer the envelope.
 */
export function employerEmployeeExampleExcelRoute() {
  return (app: FastifyInstance) => {
    app.get(
      `/api${EMPLOYER_EMPLOYEE_EXAMPLE_EXCEL_PATH}`,
      { config: { policy: employerEmployeeExampleExcelPolicy }, schema: { hide: true } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        activeTenant(request.session!, 'employer');
        return reply
          .type(XLSX_TYPE)
          .header('Content-Disposition', `attachment; filename="${EXAMPLE_EXCEL_FILE_NAME}"`)
          .header('Cache-Control', 'no-store')
          .send(await exampleWorkbook());
      },
    );
  };
}
