import { Badge, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { CommissionRow } from '@xp/contracts';
import { ProductVersionStatus } from '@xp/contracts/enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenericList, type ListColumn } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { formatEuro } from '@/ui/money';
import { ErrorState, PageHeader } from '@/ui/states';
import { useCommissions } from './api';
import { CommissionPanel } from './commission-panel';
import { ProductNameCell, ProductThumbnail } from './product-cells';
import { commissionTabs, toCommissionQuery } from './search';

interface CommissionListProps {
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/**
 * 'Commissie bepaalde producten' (admin, spec 000 section 2 `commissionDeterminedOverview`): the suppliers'
 * product versions awaiting a decision, accepted and denied, with counts; opening one shows the product and
 * its commission form.
 */
export function CommissionList({ state, onStateChange }: CommissionListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('fitnessProduct.commissions.title')} · ${t('shell.productName')}`);
  const counts = useListCounts(state);
  const versions = useCommissions({ ...toCommissionQuery(state), ...counts.countsQuery });
  const [opened, setOpened] = useState<CommissionRow | null>(null);

  const columns: ListColumn<CommissionRow>[] = [
    {
      id: 'image',
      header: 'fitnessProduct.fields.image',
      width: 88,
      cell: (row) => <ProductThumbnail imageHash={row.images[0]?.imageHash} />,
    },
    {
      id: 'name',
      header: 'fitnessProduct.fields.name',
      sortField: 'name',
      cell: (row) => <ProductNameCell name={row.name} numberType={row.numberType} />,
      exportValue: (row) => row.name,
    },
    {
      id: 'supplier',
      header: 'fitnessProduct.fields.supplier',
      sortField: 'supplierName',
      cell: (row) => <Text size="sm">{row.supplierName}</Text>,
    },
    {
      id: 'purchasePrice',
      header: 'fitnessProduct.fields.purchasePrice',
      align: 'right',
      cell: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatEuro(row.purchasePrice)}
        </Text>
      ),
    },
    {
      id: 'vat',
      header: 'fitnessProduct.fields.vatShort',
      align: 'right',
      cell: (row) => <Text size="sm">{`${row.vatPercentage}%`}</Text>,
    },
    {
      id: 'salePrice',
      header: 'fitnessProduct.commissions.salePriceInclVat',
      align: 'right',
      cell: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.salePriceInclVat === null ? '—' : formatEuro(row.salePriceInclVat)}
        </Text>
      ),
    },
    {
      id: 'createdAt',
      header: 'fitnessProduct.commissions.submittedAt',
      sortField: 'createdAt',
      cell: (row) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(row.createdAt)}
          </Text>
          {row.status === ProductVersionStatus.Awaiting && (
            <Badge size="xs" variant="light" color={row.isChange ? 'blue' : 'grape'}>
              {t(row.isChange ? 'fitnessProduct.commissions.change' : 'fitnessProduct.commissions.new')}
            </Badge>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="fitnessProduct.commissions.title"
        subtitle={t('fitnessProduct.commissions.subtitle')}
      />
      {versions.isError ? (
        <ErrorState
          message="fitnessProduct.commissions.fetchFailed"
          onRetry={() => void versions.refetch()}
        />
      ) : (
        <GenericList
          label="fitnessProduct.commissions.title"
          columns={columns}
          data={counts.withCounts(versions.data, versions.isPlaceholderData)}
          isLoading={versions.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowId={(row) => row.versionId}
          getRowLabel={(row) => row.name}
          onRowClick={setOpened}
          tabs={commissionTabs.map((tab) => ({
            value: tab,
            label: `fitnessProduct.commissions.tabs.${tab}`,
          }))}
          searchPlaceholder="fitnessProduct.commissions.searchPlaceholder"
          minTableWidth={760}
        />
      )}
      <CommissionPanel
        row={opened}
        onClose={() => setOpened(null)}
        onDecided={() => {
          counts.forget();
          setOpened(null);
        }}
      />
    </Stack>
  );
}
