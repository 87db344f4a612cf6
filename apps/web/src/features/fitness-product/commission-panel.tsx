import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  type CommissionInput,
  type CommissionRow,
  type CommissionValues,
  commissionInput,
  salePriceOf,
} from '@xp/contracts';
import { CommissionType, MinimumTerm, ProductVersionStatus } from '@xp/contracts/enums';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirm } from '@/ui/confirm-modal';
import { Facts } from '@/ui/facts';
import { errorsOf, showSaveErrors } from '@/ui/form-errors';
import { CentsField } from '@/ui/inputs/currency-input';
import { formatDate } from '@/ui/inputs/date-utils';
import { SelectField } from '@/ui/inputs/select-field';
import { formatEuro } from '@/ui/money';
import { SidePanel } from '@/ui/side-panel';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useAcceptVersion, useFitnessProduct } from './api';
import { DenyModal } from './deny-modal';
import { ChangesTable, ProductFacts, ProductImages, StatusBadge } from './version-facts';

const commissionTypes = [CommissionType.Pieces, CommissionType.Monthly] as const;
const minimumTerms = [
  MinimumTerm.NotNeeded,
  MinimumTerm.Months12,
  MinimumTerm.Months24,
  MinimumTerm.Months36,
] as const;
const commissionFields = [
  'commissionType',
  'minimumTerm',
  'platformMargin',
  'regionManagerMargin',
  'gymMargin',
] as const;

/**
 * The form starts from the accepted version's commission (a change), else from the product: its sales unit
 * as the type (Pieces, Monthly) and its duration as the minimum term (not applicable, 12, 24, 36 months).
 */
const commissionDefaults = (row: CommissionRow): Partial<CommissionInput> => {
  const current = row.commission ?? row.currentCommission;
  return {
    commissionType: current?.commissionType ?? row.productSalesUnit,
    minimumTerm: current?.minimumTerm ?? row.productDuration,
    // Empty (required) until typed; in cents.
    platformMargin: current?.platformMargin,
    regionManagerMargin: current?.regionManagerMargin,
    gymMargin: current?.gymMargin,
  };
};

interface CommissionPanelProps {
  /** The version opened from the list; null: closed. */
  row: CommissionRow | null;
  onClose: () => void;
  /** Accepted or denied: the list's counts change. */
  onDecided: () => void;
}

/** One product version: its images and fields, what changed, and (awaiting) the commission form with Accept and Deny. */
export function CommissionPanel({ row, onClose, onDecided }: CommissionPanelProps) {
  const { t } = useTranslation();
  // The last opened row stays while the panel slides out.
  const [shown, setShown] = useState(row);
  useEffect(() => {
    if (row) setShown(row);
  }, [row]);
  const current = row ?? shown;
  return (
    <SidePanel
      opened={row !== null}
      onClose={onClose}
      title={current?.name ?? ''}
      subtitle={
        current ? t('fitnessProduct.commissions.bySupplier', { name: current.supplierName }) : undefined
      }
    >
      {current && (
        <CommissionDetail key={current.versionId} row={current} onDecided={onDecided} onCancel={onClose} />
      )}
    </SidePanel>
  );
}

function CommissionDetail({
  row,
  onDecided,
  onCancel,
}: {
  row: CommissionRow;
  onDecided: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const isAwaiting = row.status === ProductVersionStatus.Awaiting;
  const product = useFitnessProduct(isAwaiting && row.isChange ? row.productId : undefined);
  const accepted = product.data?.accepted ?? null;
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <StatusBadge status={row.status} />
        {isAwaiting && (
          <Badge variant="light" color={row.isChange ? 'blue' : 'grape'}>
            {t(row.isChange ? 'fitnessProduct.commissions.change' : 'fitnessProduct.commissions.new')}
          </Badge>
        )}
        <Text size="sm" c="dimmed">
          {t('fitnessProduct.commissions.submittedOn', { date: formatDate(row.createdAt) })}
        </Text>
      </Group>
      <ProductImages version={row} />
      <ProductFacts version={row} />
      {isAwaiting && row.isChange && accepted && <ChangesTable accepted={accepted} version={row} />}
      {row.status === ProductVersionStatus.Denied && (
        <Alert color="red" title={t('fitnessProduct.commissions.deniedReason')}>
          {row.denyReason ?? ''}
        </Alert>
      )}
      {isAwaiting ? (
        <CommissionForm row={row} onDecided={onDecided} onCancel={onCancel} />
      ) : (
        row.commission && <CommissionFacts row={row} />
      )}
    </Stack>
  );
}

/** The sale price of the version with these margins (decision 020), shown live under the form. */
export function SalePricePreview({
  purchasePrice,
  vatPercentage,
  margins,
}: {
  purchasePrice: number;
  vatPercentage: number;
  margins: { platformMargin: number; regionManagerMargin: number; gymMargin: number };
}) {
  const { t } = useTranslation();
  const price = salePriceOf({ purchasePrice, vatPercentage, ...margins });
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)" aria-live="polite">
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t('fitnessProduct.commissions.salePriceTitle')}
        </Text>
        <Group justify="space-between">
          <Text size="sm">{t('fitnessProduct.commissions.salePriceExclVat')}</Text>
          <Text size="sm" fw={600} data-testid="sale-price-excl">
            {formatEuro(price.exclVat)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">
            {t('fitnessProduct.commissions.salePriceInclVatWith', { vat: vatPercentage })}
          </Text>
          <Text size="lg" fw={700} data-testid="sale-price-incl">
            {formatEuro(price.inclVat)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function CommissionFacts({ row }: { row: CommissionRow }) {
  const { t } = useTranslation();
  const commission = row.commission;
  if (!commission) return null;
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('fitnessProduct.commissions.commissionTitle')}
      </Title>
      <Facts
        layout="stacked"
        rows={[
          {
            key: 'commissionType',
            label: t('fitnessProduct.fields.commissionType'),
            value: t(`fitnessProduct.commissionType.${commission.commissionType}`),
          },
          {
            key: 'minimumTerm',
            label: t('fitnessProduct.fields.minimumTerm'),
            value: t(`fitnessProduct.minimumTerm.${commission.minimumTerm}`),
          },
          {
            key: 'platformMargin',
            label: t('fitnessProduct.fields.platformMargin'),
            value: formatEuro(commission.platformMargin),
          },
          {
            key: 'regionManagerMargin',
            label: t('fitnessProduct.fields.regionManagerMargin'),
            value: formatEuro(commission.regionManagerMargin),
          },
          {
            key: 'gymMargin',
            label: t('fitnessProduct.fields.gymMargin'),
            value: formatEuro(commission.gymMargin),
          },
        ]}
      />
      <SalePricePreview
        purchasePrice={row.purchasePrice}
        vatPercentage={row.vatPercentage}
        margins={commission}
      />
    </Stack>
  );
}

/** The commission of a version awaiting a decision: type, minimum term, three margins; Accept or Deny. */
export function CommissionForm({
  row,
  onDecided,
  onCancel,
}: {
  row: CommissionRow;
  onDecided: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const accept = useAcceptVersion();
  const form = useZodForm(commissionInput, { defaultValues: commissionDefaults(row) });
  const { control } = form;
  const [isDenying, setDenying] = useState(false);
  const titleId = useId();
  const margin = (value: unknown) => (typeof value === 'number' ? value : 0);
  const [platformMargin, regionManagerMargin, gymMargin] = form.watch([
    'platformMargin',
    'regionManagerMargin',
    'gymMargin',
  ]);

  const submit = form.handleSubmit(async (commission: CommissionValues) => {
    const price = salePriceOf({
      purchasePrice: row.purchasePrice,
      vatPercentage: row.vatPercentage,
      ...commission,
    });
    await openConfirm({
      title: 'fitnessProduct.commissions.acceptTitle',
      message: t('fitnessProduct.commissions.acceptMessage', {
        name: row.name,
        price: formatEuro(price.inclVat),
      }),
      confirmLabel: 'fitnessProduct.commissions.accept',
      onConfirm: async () => {
        try {
          await accept.mutateAsync({ params: { versionId: row.versionId }, body: { commission } });
        } catch (error) {
          // The body's `commission.platformMargin` is the form's `platformMargin`.
          const errors = errorsOf(error).map((entry) => ({
            ...entry,
            key: (entry.key ?? '').replace(/^commission\./i, ''),
          }));
          showSaveErrors(
            { errors },
            form.setError,
            commissionFields,
            'fitnessProduct.commissions.acceptFailed',
          );
          return true;
        }
        showSuccess(t('fitnessProduct.commissions.accepted', { name: row.name }));
        onDecided();
        return true;
      },
    });
  });

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
        <Stack gap="md">
          <Title order={3} fz="md" id={titleId}>
            {t('fitnessProduct.commissions.commissionTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SelectField
              control={control}
              name="commissionType"
              label={t('fitnessProduct.fields.commissionType')}
              required
              data={commissionTypes.map((value) => ({
                value,
                label: t(`fitnessProduct.commissionType.${value}`),
              }))}
            />
            <SelectField
              control={control}
              name="minimumTerm"
              label={t('fitnessProduct.fields.minimumTerm')}
              required
              data={minimumTerms.map((value) => ({ value, label: t(`fitnessProduct.minimumTerm.${value}`) }))}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <CentsField
              control={control}
              name="platformMargin"
              label={t('fitnessProduct.fields.platformMargin')}
              required
            />
            <CentsField
              control={control}
              name="regionManagerMargin"
              label={t('fitnessProduct.fields.regionManagerMargin')}
              required
            />
            <CentsField
              control={control}
              name="gymMargin"
              label={t('fitnessProduct.fields.gymMargin')}
              required
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('fitnessProduct.commissions.marginHint')}
          </Text>
          <SalePricePreview
            purchasePrice={row.purchasePrice}
            vatPercentage={row.vatPercentage}
            margins={{
              platformMargin: margin(platformMargin),
              regionManagerMargin: margin(regionManagerMargin),
              gymMargin: margin(gymMargin),
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => setDenying(true)}
            >
              {t('fitnessProduct.commissions.deny')}
            </Button>
            <Button type="submit" color="green" leftSection={<IconCheck size={16} aria-hidden />}>
              {t('fitnessProduct.commissions.accept')}
            </Button>
          </Group>
        </Stack>
      </form>
      <DenyModal opened={isDenying} row={row} onClose={() => setDenying(false)} onDenied={onDecided} />
    </>
  );
}
