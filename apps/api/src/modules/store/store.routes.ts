import { storeEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { FilesDeps } from '../../platform/files/images.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './store.service.ts';

export function storeRoutes(deps: { db: Database; files: FilesDeps }) {
  const { db, files } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listItems(db, session, query)),
    route(endpoints.employerShop, ({ session, params, query }) =>
      service.listShop(db, session, params.id, query),
    ),
    route(endpoints.get, ({ session, params }) => service.getItem(db, session, params.id)),
    route(endpoints.create, ({ session, form, actor }) =>
      service.createItem(db, files, session, form, actor),
    ),
    route(endpoints.update, ({ session, form, actor }) =>
      service.updateItem(db, files, session, form, actor),
    ),
    route(endpoints.remove, ({ session, params, actor }) =>
      service.deleteItem(db, session, params.id, actor),
    ),
    route(endpoints.redeem, ({ session, params, body, actor }) =>
      service.redeem(db, session, params.id, body, actor),
    ),
    route(endpoints.orders, ({ session, query }) => service.listOrders(db, session, query)),
    route(endpoints.employerOrders, ({ session, params, query }) =>
      service.listEmployerOrders(db, session, params.id, query),
    ),
    route(endpoints.setStatus, ({ session, params, body, actor }) =>
      service.setOrderStatus(db, session, params.id, body.status, actor),
    ),
  ];
}
