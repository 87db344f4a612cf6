import { fitnessProductEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { FilesDeps } from '../../platform/files/images.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './fitness-product.service.ts';

export function fitnessProductRoutes(deps: { db: Database; files: FilesDeps }) {
  const { db, files } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listOwn(db, session, query)),
    route(endpoints.commissions, ({ query }) => service.listCommissions(db, query)),
    route(endpoints.plain, ({ session, params }) => service.plainProducts(db, session, params.id)),
    route(endpoints.catalogue, ({ session }) => service.catalogue(db, session)),
    route(endpoints.edit, ({ session, params }) => service.getEdit(db, session, params.id)),
    route(endpoints.get, ({ session, params }) => service.getProduct(db, session, params.id)),
    route(endpoints.create, ({ session, form, actor }) =>
      service.createProduct(db, files, session, form, actor),
    ),
    route(endpoints.update, ({ session, form, actor }) =>
      service.updateProduct(db, files, session, form, actor),
    ),
    route(endpoints.remove, ({ session, params, actor }) =>
      service.deleteProduct(db, session, params.id, actor),
    ),
    route(endpoints.accept, ({ session, params, body, actor }) =>
      service.acceptVersion(db, session, params.versionId, body, actor),
    ),
    route(endpoints.deny, ({ session, params, body, actor }) =>
      service.denyVersion(db, session, params.versionId, body.reason, actor),
    ),
  ];
}
