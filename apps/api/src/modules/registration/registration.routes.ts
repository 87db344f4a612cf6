import {
  adminInvitationEndpoints,
  employerEmployeeInvitationEndpoints,
  employerEmployeeRegistrationEndpoints,
  invitationAnswerEndpoints,
  registrationEndpoints,
  supplierRegistrationEndpoints,
} from '@xp/contracts';
import { route } from '../../platform/http/route.ts';
import { type SessionCookies, sendIssuedSession } from '../account/account.routes.ts';
import * as service from './registration.service.ts';

type Deps = service.RegistrationDeps & SessionCookies;

/** The calls of one registration flow; the same services serve every kind of invitation. */
function flowRoutes(
  deps: Deps,
  endpoints: Pick<typeof registrationEndpoints, 'invitation' | 'completeRegistration'> &
    Partial<Pick<typeof registrationEndpoints, 'sendRegistrationTfaCode' | 'validateTfa'>>,
) {
  return [
    route(endpoints.invitation, ({ params, request }) =>
      service.getInvitation(deps, params.code, request.ip),
    ),
    route(endpoints.completeRegistration, async ({ body, request, reply }) => {
      const result = await service.completeRegistration(deps, body, request.ip);
      return result.issued
        ? { requiresVerification: false, ...sendIssuedSession(reply, deps.cookies, result.issued) }
        : { requiresVerification: true, claims: null };
    }),
    ...(endpoints.sendRegistrationTfaCode
      ? [
          route(endpoints.sendRegistrationTfaCode, ({ body, request }) =>
            service.sendRegistrationTfaCode(deps, body.code, request.ip),
          ),
        ]
      : []),
    ...(endpoints.validateTfa
      ? [
          route(endpoints.validateTfa, async ({ body, request, reply }) =>
            sendIssuedSession(
              reply,
              deps.cookies,
              await service.validateRegistrationTfa(deps, body.code, body.tfaCode, request.ip),
            ),
          ),
        ]
      : []),
  ];
}

export function registrationRoutes(deps: Deps) {
  const employerOnly: Deps = { ...deps, onlyKind: 'employerEmployee' };
  return [
    ...flowRoutes(deps, registrationEndpoints),
    ...flowRoutes(employerOnly, employerEmployeeRegistrationEndpoints),
    ...flowRoutes({ ...deps, onlyKind: 'supplier' }, supplierRegistrationEndpoints),
    route(employerEmployeeInvitationEndpoints.accept, ({ params, request }) =>
      service.acceptInvitation(employerOnly, params.code, request.ip),
    ),
    route(employerEmployeeInvitationEndpoints.deny, ({ params, request }) =>
      service.denyInvitation(employerOnly, params.code, request.ip),
    ),
    route(invitationAnswerEndpoints.accept, ({ params, request }) =>
      service.acceptInvitation(deps, params.code, request.ip),
    ),
    route(invitationAnswerEndpoints.deny, ({ params, request }) =>
      service.denyInvitation(deps, params.code, request.ip),
    ),
    route(adminInvitationEndpoints.list, ({ query }) => service.listAdminInvitations(deps, query)),
    route(adminInvitationEndpoints.create, ({ session, body }) =>
      service.inviteAdmin(deps, session, body.email),
    ),
    route(adminInvitationEndpoints.resend, ({ session, params }) =>
      service.resendAdminInvitation(deps, session, params.id),
    ),
    route(adminInvitationEndpoints.cancel, ({ session, params }) =>
      service.cancelAdminInvitation(deps, session, params.id),
    ),
  ];
}
