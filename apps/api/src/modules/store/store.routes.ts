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
    route(endpoints.create, ({ session, form, request }) =>
      service.createItem(db, files, session, form, request.id),
    ),
    route(endpoints.update, ({ session, form, request }) =>
      service.updateItem(db, files, session, form, request.id),
    ),
    route(endpoints.remove, ({ session, params, request }) =>
      service.deleteItem(db, session, params.id, request.id),
    ),
    route(endpoints.redeem, ({ session, params, body, request }) =>
      service.redeem(db, session, params.id, body, request.id),
    ),
    route(endpoints.orders, ({ session, query }) => service.listOrders(db, session, query)),
    route(endpoints.employerOrders, ({ session, params, query }) =>
      service.listEmployerOrders(db, session, params.id, query),
    ),
    route(endpoints.setStatus, ({ session, params, body, request }) =>
      service.setOrderStatus(db, session, params.id, body.status, request.id),
    ),
  ];
}
