import { createFileRoute } from '@tanstack/react-router';
import { LocationPaymentProviderTab } from '@/features/location/location-layout';

/** 'Betaalprovider': the Mollie key of the location, masked, and its direct debit and arrears rules. */
export const Route = createFileRoute('/_app/locations/$locationId/paymentProvider')({
  component: Tab,
});

function Tab() {
  const { locationId } = Route.useParams();
  return <LocationPaymentProviderTab id={Number(locationId)} />;
}
