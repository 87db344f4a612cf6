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
    route(endpoints.create, ({ session, form, request }) =>
      service.createChallengeTemplate(db, files, session, form, request.id),
    ),
    route(endpoints.update, ({ session, form, request }) =>
      service.updateChallengeTemplate(db, files, session, form, request.id),
    ),
    route(endpoints.remove, ({ session, params, request }) =>
      service.deleteChallengeTemplate(db, session, params.id, request.id),
    ),
    route(endpoints.setIsActive, ({ session, params, body, request }) =>
      service.setChallengeTemplateActive(db, session, params.id, body.isActive, request.id),
    ),
  ];
}
