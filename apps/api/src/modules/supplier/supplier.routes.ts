import { supplierEndpoints as endpoints } from '@xp/contracts';
import { route } from '../../platform/http/route.ts';
import * as service from './supplier.service.ts';

export function supplierRoutes(deps: service.SupplierDeps) {
  const { db } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listSuppliers(db, session, query)),
    route(endpoints.get, ({ session, params }) => service.getSupplier(db, session, params.id)),
    route(endpoints.add, ({ session, body, request }) =>
      service.addSupplier(deps, session, body, request.id),
    ),
    route(endpoints.edit, ({ session, body, request }) =>
      service.editSupplier(db, session, body, request.id),
    ),
    route(endpoints.accept, ({ session, params, request }) =>
      service.changeStatus(deps, session, params.id, 'accept', request.id),
    ),
    route(endpoints.deny, ({ session, params, request }) =>
      service.changeStatus(deps, session, params.id, 'deny', request.id),
    ),
    route(endpoints.disable, ({ session, params, request }) =>
      service.changeStatus(deps, session, params.id, 'disable', request.id),
    ),
    route(endpoints.reEnable, ({ session, params, request }) =>
      service.changeStatus(deps, session, params.id, 'reEnable', request.id),
    ),
  ];
}
