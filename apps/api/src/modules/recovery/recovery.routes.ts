import { recoveryEndpoints as endpoints } from '@xp/contracts';
import { route } from '../../platform/http/route.ts';
import * as service from './recovery.service.ts';

export function recoveryRoutes(deps: service.RecoveryDeps) {
  return [
    route(endpoints.forgotPassword, ({ body, request, actor }) =>
      service.forgotPassword(deps, body.email, request.ip, actor),
    ),
    route(endpoints.resetPassword, ({ body, request, actor }) =>
      service.resetPassword(deps, body, request.ip, actor),
    ),
    route(endpoints.checkUsername, ({ params, request }) =>
      service.checkUsername(deps, params.name, request.ip),
    ),
  ];
}
