import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { type PaymentProvider, paymentProviderInput } from '@xp/contracts';
import { PaymentProviderKind } from '@xp/contracts/enums';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showSaveErrors } from '@/ui/form-errors';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { ErrorState, LoadingState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useAddPaymentProvider, usePaymentProvider, useUpdatePaymentProvider } from './api';

type FormValues = z.input<typeof paymentProviderInput>;
const emptyProvider: FormValues = { kind: PaymentProviderKind.Mollie, apiKey: '' };

/**
 * 'Betaalprovider' of a location: the Mollie key, shown masked; saving replaces it. Only who may set the key
 * (`canSetPaymentKey`: the gym right AlterGymInformation, or an admin) gets the form; others see the key masked.
 */
export function PaymentProviderSettings({
  locationId,
  mayChange,
}: {
  locationId: number;
  mayChange: boolean;
}) {
  const { t } = useTranslation();
  const query = usePaymentProvider(locationId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState
        message={
          query.error.status === 404 ? 'location.errors.notFound' : 'location.paymentProvider.fetchFailed'
        }
        onRetry={query.error.status === 404 ? undefined : () => void query.refetch()}
      />
    );
  }
  return mayChange ? (
    <PaymentProviderForm locationId={locationId} provider={query.data} />
  ) : (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <Stack gap="lg">
        <CurrentProvider provider={query.data} />
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('location.paymentProvider.gymRightNeeded')}
        </Alert>
      </Stack>
    </Paper>
  );
}

/** The key set now (masked), or that there is none. */
function CurrentProvider({ provider }: { provider: PaymentProvider | null }) {
  const { t } = useTranslation();
  return provider ? (
    <Alert color="teal" variant="light" icon={<IconLock size={18} aria-hidden />}>
      <Group gap="sm">
        <Text size="sm">{t('location.paymentProvider.current')}</Text>
        {/* White, not outline: teal text on the teal alert would be below 4.5:1. */}
        <Badge variant="white">{t('location.paymentProvider.kinds.0')}</Badge>
        <Text size="sm" ff="monospace" data-testid="masked-key">
          {provider.apiKeyMasked}
        </Text>
      </Group>
    </Alert>
  ) : (
    <Alert color="gray" variant="light">
      {t('location.paymentProvider.none')}
    </Alert>
  );
}

function PaymentProviderForm({
  locationId,
  provider,
}: {
  locationId: number;
  provider: PaymentProvider | null;
}) {
  const { t } = useTranslation();
  const add = useAddPaymentProvider();
  const update = useUpdatePaymentProvider();
  const form = useZodForm(paymentProviderInput, {
    defaultValues: provider ? { kind: provider.kind as FormValues['kind'], apiKey: '' } : emptyProvider,
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = provider
        ? await update.mutateAsync({ params: { id: provider.id }, body: values })
        : await add.mutateAsync({ params: { id: locationId }, body: values });
      form.reset({ kind: saved.kind as FormValues['kind'], apiKey: '' });
      showSuccess(t('location.paymentProvider.saved'));
    } catch (error) {
      showSaveErrors(error, form.setError, ['kind', 'apiKey'], 'location.paymentProvider.failed');
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={submit} noValidate aria-label={t('location.tabs.paymentProvider')}>
        <Stack gap="lg">
          <CurrentProvider provider={provider} />
          <SelectField
            control={form.control}
            name="kind"
            label={t('location.paymentProvider.kind')}
            required
            allowDeselect={false}
            data={[{ value: PaymentProviderKind.Mollie, label: t('location.paymentProvider.kinds.0') }]}
            maw={320}
          />
          <TextField
            control={form.control}
            name="apiKey"
            label={t(provider ? 'location.paymentProvider.newApiKey' : 'location.paymentProvider.apiKey')}
            description={t('location.paymentProvider.apiKeyHint')}
            placeholder="test_…"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={form.formState.isSubmitting}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              {t(provider ? 'location.paymentProvider.replace' : 'location.paymentProvider.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
