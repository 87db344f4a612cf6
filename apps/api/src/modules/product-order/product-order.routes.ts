import { productOrderEndpoints as endpoints } from '@xp/contracts';
import { route } from '../../platform/http/route.ts';
import { PAYMENT_SUBJECT } from './product-order.repository.ts';
import * as service from './product-order.service.ts';

/** Product orders (decision 020): the location places and follows them, the supplier delivers. */
export function productOrderRoutes(deps: service.ProductOrderDeps) {
  deps.payments.onChange(PAYMENT_SUBJECT, (tx, payment, previous, actor) =>
    service.followPayment(deps, tx, payment, previous, actor),
  );
  return [
    route(endpoints.list, ({ session, query }) => service.listForLocation(deps, session, query)),
    route(endpoints.get, ({ session, params }) => service.getForLocation(deps, session, params.id)),
    route(endpoints.create, ({ session, body, actor }) => service.create(deps, session, body, actor)),
    route(endpoints.pay, ({ session, params }) => service.pay(deps, session, params.id)),
    route(endpoints.supplierList, ({ session, query }) => service.listForSupplier(deps, session, query)),
    route(endpoints.supplierGet, ({ session, params }) => service.getForSupplier(deps, session, params.id)),
    route(endpoints.setStatus, ({ session, params, body, actor }) =>
      service.setStatus(deps, session, params.id, body.status, actor),
    ),
    route(endpoints.setDeliveryDate, ({ session, params, body, actor }) =>
      service.setDeliveryDate(deps, session, params.id, body.deliveryDate, actor),
    ),
  ];
}
