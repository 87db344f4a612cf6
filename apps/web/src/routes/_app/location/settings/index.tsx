import { createFileRoute, redirect } from '@tanstack/react-router';

/** The settings open on their general tab. */
export const Route = createFileRoute('/_app/location/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/location/settings/general', replace: true });
  },
});
