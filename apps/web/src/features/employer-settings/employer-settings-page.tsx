import { SimpleGrid, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '@/ui/states';
import { useEmployerSettings } from './api';
import { SettingsAddresses } from './settings-addresses';
import { SettingsContacts } from './settings-contacts';
import { SettingsFinancialForm } from './settings-financial-form';
import { SettingsGeneralForm } from './settings-general-form';
import { SettingsInvoiceEmail } from './settings-invoice-email';

/** `/employer/settings`: the settings of the active employer, a card per part. */
export function EmployerSettingsPage() {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const query = useEmployerSettings(claims.activeEmployerId);
  useDocumentTitle(`${t('employerSettings.title')} · ${t('shell.productName')}`);

  if (claims.activeEmployerId === null) {
    return <EmptyState title="employerSettings.noEmployerTitle" message="employerSettings.noEmployer" />;
  }
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const isGone = query.error.status === 404;
    return (
      <ErrorState
        message={isGone ? 'employerSettings.errors.notFound' : 'employerSettings.fetchFailed'}
        onRetry={isGone ? undefined : () => void query.refetch()}
      />
    );
  }
  const settings = query.data;
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="employerSettings.title" subtitle={settings.name} />
      <SettingsGeneralForm key={settings.id} settings={settings} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <SettingsAddresses settings={settings} />
        <SettingsInvoiceEmail settings={settings} />
      </SimpleGrid>
      <SettingsContacts settings={settings} />
      <SettingsFinancialForm key={`financial-${settings.id}`} settings={settings} />
    </Stack>
  );
}
