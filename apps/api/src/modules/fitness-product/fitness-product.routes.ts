import { fitnessProductEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { FilesDeps } from '../../platform/files/images.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './fitness-product.service.ts';
import * as changes from './fitness-product-changes.service.ts';

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
      changes.createProduct(db, files, session, form, actor),
    ),
    route(endpoints.update, ({ session, form, actor }) =>
      changes.updateProduct(db, files, session, form, actor),
    ),
    route(endpoints.remove, ({ session, params, actor }) =>
      changes.deleteProduct(db, session, params.id, actor),
    ),
    route(endpoints.accept, ({ session, params, body, actor }) =>
      changes.acceptVersion(db, session, params.versionId, body, actor),
    ),
    route(endpoints.deny, ({ session, params, body, actor }) =>
      changes.denyVersion(db, session, params.versionId, body.reason, actor),
    ),
  ];
}
