import { createFileRoute } from '@tanstack/react-router';
import { useRequiredClaims } from '@/app/session';
import { LocationPaymentProviderTab } from '@/features/location/location-layout';

/** 'Betaalprovider' of the active location, with its direct debit and arrears rules. */
export const Route = createFileRoute('/_app/location/settings/paymentProvider')({
  component: Tab,
});

function Tab() {
  const { activeLocationId } = useRequiredClaims();
  return <LocationPaymentProviderTab id={activeLocationId} />;
}
