import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { isAdmin } from '@xp/contracts/claims';
import { requireAccess } from '@/app/route-access';
import { PictureBankPage } from '@/features/picture-bank/picture-bank-page';
import {
  defaultPictureBankState,
  type PictureBankState,
  parsePictureBankSearch,
} from '@/features/picture-bank/search';

/** 'Afbeeldingenbank' (admin): page, search and filters live in the URL. */
export const Route = createFileRoute('/_app/admin/pictureBank')({
  validateSearch: parsePictureBankSearch,
  search: { middlewares: [stripSearchParams(defaultPictureBankState)] },
  beforeLoad: requireAccess(isAdmin),
  component: PictureBankRoute,
});

function PictureBankRoute() {
  const state = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PictureBankPage
      state={state}
      onStateChange={(next: PictureBankState) => void navigate({ search: next })}
    />
  );
}
