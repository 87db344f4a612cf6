import { challengeEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './challenge.service.ts';

export function challengeRoutes(deps: { db: Database }) {
  const { db } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listChallenges(db, session, query)),
    route(endpoints.popular, ({ session, query }) => service.popularChallengeTemplates(db, session, query)),
    route(endpoints.get, ({ session, params }) => service.getChallenge(db, session, params.id)),
    route(endpoints.create, ({ session, form, actor }) => service.createChallenge(db, session, form, actor)),
    route(endpoints.update, ({ session, form, actor }) => service.updateChallenge(db, session, form, actor)),
    route(endpoints.setIsActive, ({ session, params, body, actor }) =>
      service.setChallengeActive(db, session, body.id, params.isActive, actor),
    ),
    route(endpoints.remove, ({ session, params, actor }) =>
      service.deleteChallenge(db, session, params.id, actor),
    ),
  ];
}
