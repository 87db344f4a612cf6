import { Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAdjustments,
  IconClock,
  IconCreditCard,
  IconHeartRateMonitor,
  IconUsers,
} from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { canAlterLocation, canSetPaymentKey, type LocationDetail } from '@xp/contracts';
import { canManageLocationEmployees } from '@xp/contracts/claims';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { ErrorState, LoadingState, PageHeader } from '@/ui/states';
import { useLocation as useLocationQuery } from './api';
import { BillingSettingsCard } from './billing-settings-form';
import { LocationGeneralForm } from './location-form';
import { LocationQrCode } from './location-qr-code';
import { OpeningHoursSettings } from './opening-hours-form';
import { PaymentProviderSettings } from './payment-provider-form';
import { StatusRequirementsForm } from './status-requirements-form';

export type LocationTabKey =
  | 'general'
  | 'paymentProvider'
  | 'statusRequirements'
  | 'openingHours'
  | 'employees';

const tabIcons: Record<LocationTabKey, ReactNode> = {
  general: <IconAdjustments size={16} aria-hidden />,
  paymentProvider: <IconCreditCard size={16} aria-hidden />,
  statusRequirements: <IconHeartRateMonitor size={16} aria-hidden />,
  openingHours: <IconClock size={16} aria-hidden />,
  employees: <IconUsers size={16} aria-hidden />,
};

interface LocationTabsProps {
  location: LocationDetail | undefined;
  title: string;
  /** The tabs to show, each with its path below `base`. */
  tabs: LocationTabKey[];
  base: string;
  children: ReactNode;
}

/** The header and tabs of one location; the tab's screen renders below. */
function LocationTabs({ location, title, tabs, base, children }: LocationTabsProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useDocumentTitle(`${location?.name ?? t(title)} · ${t('shell.productName')}`);
  const active = tabs.find((tab) => pathname === `${base}/${tab}` || pathname.startsWith(`${base}/${tab}/`));
  return (
    <>
      <PageHeader title={location?.name ?? title} subtitle={t(title)} />
      <Tabs
        value={active ?? null}
        onChange={(tab) => tab && void navigate({ href: `${base}/${tab}` })}
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List aria-label={t('location.tabs.label')}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab} leftSection={tabIcons[tab]}>
              {t(`location.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </>
  );
}

/** `/locations/{locationId}`: a location of the active gym with its tabs. */
export function GymLocationLayout({ locationId }: { locationId: number }) {
  const claims = useRequiredClaims();
  const query = useLocationQuery(locationId);
  if (query.isPending && Number.isInteger(locationId) && locationId > 0) return <LoadingState />;
  if (!query.data) {
    const isMissing = !(locationId > 0) || query.error?.status === 404;
    return (
      <ErrorState
        message={isMissing ? 'location.errors.notFound' : 'location.detail.fetchFailed'}
        onRetry={isMissing ? undefined : () => void query.refetch()}
      />
    );
  }
  const location = query.data;
  const tabs: LocationTabKey[] = [
    'general',
    ...(canAlterLocation(claims, location) ? (['paymentProvider'] as const) : []),
    'statusRequirements',
    ...(canManageLocationEmployees(claims, location) ? (['employees'] as const) : []),
  ];
  return (
    <LocationTabs
      location={location}
      title="location.detail.title"
      tabs={tabs}
      base={`/locations/${location.id}`}
    >
      <Outlet />
    </LocationTabs>
  );
}

/** `/location/settings`: the settings of the active location. */
export function LocationSettingsLayout() {
  const claims = useRequiredClaims();
  const query = useLocationQuery(claims.activeLocationId);
  if (claims.activeLocationId === null) return <ErrorState message="location.errors.noActiveLocation" />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState
        message={query.error.status === 404 ? 'location.errors.notFound' : 'location.detail.fetchFailed'}
        onRetry={query.error.status === 404 ? undefined : () => void query.refetch()}
      />
    );
  }
  return (
    <LocationTabs
      location={query.data}
      title="location.settings.title"
      tabs={['general', 'paymentProvider', 'statusRequirements', 'openingHours']}
      base="/location/settings"
    >
      <Outlet />
    </LocationTabs>
  );
}

/** The location a tab is about (loaded by its layout; served from the query cache). */
function WithLocation({
  id,
  children,
}: {
  id: number | null;
  children: (location: LocationDetail) => ReactNode;
}) {
  const query = useLocationQuery(id);
  if (!query.data)
    return query.isError ? <ErrorState message="location.detail.fetchFailed" /> : <LoadingState />;
  return <>{children(query.data)}</>;
}

export function LocationGeneralTab({ id }: { id: number | null }) {
  return (
    <WithLocation id={id}>
      {(location) => (
        <>
          <LocationGeneralForm key={location.id} location={location} />
          <div style={{ height: 'var(--mantine-spacing-lg)' }} />
          <LocationQrCode location={location} />
        </>
      )}
    </WithLocation>
  );
}

export function LocationPaymentProviderTab({ id }: { id: number | null }) {
  const claims = useRequiredClaims();
  return (
    <WithLocation id={id}>
      {(location) =>
        canAlterLocation(claims, location) ? (
          <Stack gap="lg">
            <PaymentProviderSettings
              locationId={location.id}
              mayChange={canSetPaymentKey(claims, location)}
            />
            {/* The dunning rules go with the provider that collects: the same right changes both. */}
            <BillingSettingsCard locationId={location.id} />
          </Stack>
        ) : (
          <ErrorState message="auth.forbidden" />
        )
      }
    </WithLocation>
  );
}

export function LocationStatusRequirementsTab({ id }: { id: number | null }) {
  return (
    <WithLocation id={id}>
      {(location) => <StatusRequirementsForm key={location.id} location={location} />}
    </WithLocation>
  );
}

export function LocationOpeningHoursTab({ id }: { id: number | null }) {
  const claims = useRequiredClaims();
  return (
    <WithLocation id={id}>
      {(location) => (
        <OpeningHoursSettings locationId={location.id} mayAlter={canAlterLocation(claims, location)} />
      )}
    </WithLocation>
  );
}
