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
    route(endpoints.completeRegistration, async ({ body, request, reply, actor }) => {
      const result = await service.completeRegistration(deps, body, request.ip, actor);
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
          route(endpoints.validateTfa, async ({ body, request, reply, actor }) =>
            sendIssuedSession(
              reply,
              deps.cookies,
              await service.validateRegistrationTfa(deps, body.code, body.tfaCode, request.ip, actor),
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
    route(employerEmployeeInvitationEndpoints.accept, ({ params, request, actor }) =>
      service.acceptInvitation(employerOnly, params.code, request.ip, actor),
    ),
    route(employerEmployeeInvitationEndpoints.deny, ({ params, request, actor }) =>
      service.denyInvitation(employerOnly, params.code, request.ip, actor),
    ),
    route(invitationAnswerEndpoints.accept, ({ params, request, actor }) =>
      service.acceptInvitation(deps, params.code, request.ip, actor),
    ),
    route(invitationAnswerEndpoints.deny, ({ params, request, actor }) =>
      service.denyInvitation(deps, params.code, request.ip, actor),
    ),
    route(adminInvitationEndpoints.list, ({ query }) => service.listAdminInvitations(deps, query)),
    route(adminInvitationEndpoints.create, ({ session, body, actor }) =>
      service.inviteAdmin(deps, session, body.email, actor),
    ),
    route(adminInvitationEndpoints.resend, ({ session, params, actor }) =>
      service.resendAdminInvitation(deps, session, params.id, actor),
    ),
    route(adminInvitationEndpoints.cancel, ({ params, actor }) =>
      service.cancelAdminInvitation(deps, params.id, actor),
    ),
  ];
}
