import { pictureBankEndpoints as endpoints } from '@xp/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { FilesDeps } from '../../platform/files/images.ts';
import { route } from '../../platform/http/route.ts';
import * as service from './picture-bank.service.ts';

export function pictureBankRoutes(deps: { db: Database; files: FilesDeps }) {
  const { db, files } = deps;
  return [
    route(endpoints.list, ({ session, query }) => service.listPictures(db, session, query)),
    route(endpoints.get, ({ session, params }) => service.getPicture(db, session, params.id)),
    route(endpoints.create, ({ session, form, actor }) =>
      service.createPicture(db, files, session, form, actor),
    ),
    route(endpoints.update, ({ session, form, actor }) =>
      service.updatePicture(db, files, session, form, actor),
    ),
    route(endpoints.remove, ({ session, params, actor }) =>
      service.deletePicture(db, session, params.id, actor),
    ),
  ];
}
