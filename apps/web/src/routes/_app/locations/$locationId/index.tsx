import { createFileRoute, redirect } from '@tanstack/react-router';

/** A location opens on its general tab. */
export const Route = createFileRoute('/_app/locations/$locationId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/locations/$locationId/general', params, replace: true });
  },
});
