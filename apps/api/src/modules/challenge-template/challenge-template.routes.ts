import { challengeTemplateEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { FilesDeps } from '../../platform/files/images.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './challenge-template.service.ts';

export function challengeTemplateRoutes(deps: { db: Database; files: FilesDeps }) {
  const { db, files } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listChallengeTemplates(db, session, query)),
    route(endpoints.get, ({ session, params }) => service.getChallengeTemplate(db, session, params.id)),
    route(endpoints.create, ({ session, form, actor }) =>
      service.createChallengeTemplate(db, files, session, form, actor),
    ),
    route(endpoints.update, ({ session, form, actor }) =>
      service.updateChallengeTemplate(db, files, session, form, actor),
    ),
    route(endpoints.remove, ({ session, params, actor }) =>
      service.deleteChallengeTemplate(db, session, params.id, actor),
    ),
    route(endpoints.setIsActive, ({ session, params, body, actor }) =>
      service.setChallengeTemplateActive(db, session, params.id, body.isActive, actor),
    ),
  ];
}
