import { userEndpoints as endpoints } from '@xp/contracts';
import { type CookieSettings, clearSessionCookies } from '../../platform/auth/cookies.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './user.service.ts';

export function userRoutes(deps: service.UserDeps & { cookies: CookieSettings }) {
  return [
    route(endpoints.currentProfile, ({ session }) => service.getProfile(deps, session)),
    route(endpoints.updateProfile, ({ session, body }) => service.updateProfile(deps, session, body)),
    route(endpoints.confirmEmail, ({ body }) => service.confirmEmail(deps, body.token)),
    route(endpoints.list, ({ query }) => service.listUsers(deps, query)),
    route(endpoints.deleteAccount, async ({ session, body, reply }) => {
      await service.deleteAccount(deps, session, body.password);
      clearSessionCookies(reply, deps.cookies);
      return null;
    }),
    route(endpoints.requestAccountDeletion, ({ session, body }) =>
      service.requestAccountDeletion(deps, session, body.userId),
    ),
    route(endpoints.revokeAdmin, ({ session, params }) => service.revokeAdmin(deps, session, params.id)),
  ];
}
