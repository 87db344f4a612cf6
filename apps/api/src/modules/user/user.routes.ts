import { userEndpoints as endpoints } from '@xp/contracts';
import { type CookieSettings, clearSessionCookies } from '../../platform/auth/cookies.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './user.service.ts';

export function userRoutes(deps: service.UserDeps & { cookies: CookieSettings }) {
  return [
    route(endpoints.currentProfile, ({ session }) => service.getProfile(deps, session)),
    route(endpoints.updateProfile, ({ session, body, actor }) =>
      service.updateProfile(deps, session, body, actor),
    ),
    route(endpoints.confirmEmail, ({ body, actor }) => service.confirmEmail(deps, body.token, actor)),
    route(endpoints.list, ({ query }) => service.listUsers(deps, query)),
    route(endpoints.deleteAccount, async ({ session, body, reply, actor }) => {
      await service.deleteAccount(deps, session, body.password, actor);
      clearSessionCookies(reply, deps.cookies);
      return null;
    }),
    route(endpoints.requestAccountDeletion, ({ body, actor }) =>
      service.requestAccountDeletion(deps, body.userId, actor),
    ),
    route(endpoints.revokeAdmin, ({ params, actor }) => service.revokeAdmin(deps, params.id, actor)),
  ];
}
