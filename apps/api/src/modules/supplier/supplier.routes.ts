import { supplierEndpoints as endpoints } from '@xp/contracts';
import { route } from '../../platform/http/route.ts';
import * as service from './supplier.service.ts';

export function supplierRoutes(deps: service.SupplierDeps) {
  const { db } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listSuppliers(db, session, query)),
    route(endpoints.get, ({ session, params }) => service.getSupplier(db, session, params.id)),
    route(endpoints.add, ({ session, body, actor }) => service.addSupplier(deps, session, body, actor)),
    route(endpoints.edit, ({ session, body, actor }) => service.editSupplier(db, session, body, actor)),
    route(endpoints.accept, ({ session, params, actor }) =>
      service.changeStatus(deps, session, params.id, 'accept', actor),
    ),
    route(endpoints.deny, ({ session, params, actor }) =>
      service.changeStatus(deps, session, params.id, 'deny', actor),
    ),
    route(endpoints.disable, ({ session, params, actor }) =>
      service.changeStatus(deps, session, params.id, 'disable', actor),
    ),
    route(endpoints.reEnable, ({ session, params, actor }) =>
      service.changeStatus(deps, session, params.id, 'reEnable', actor),
    ),
  ];
}
