import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { SupplierProductRow } from '@xp/contracts';
import { ProductVersionStatus } from '@xp/contracts/enums';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { formatEuro } from '@/ui/money';
import { ErrorState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useDeleteProduct, useSupplierProducts } from './api';
import { ProductNameCell, ProductThumbnail } from './product-cells';
import { productTabs, toProductQuery } from './search';

interface ProductListProps {
  /** The active supplier whose products these are (the counts are kept per supplier). */
  supplierId: number;
  state: ListState;
  onStateChange: (state: ListState) => void;
  onAdd: () => void;
  onEdit: (productId: number) => void;
}

/**
 * The supplier's fitness products: tabs Existant (accepted), Awaiting (a new product or a change awaiting
 * the platform) and Denied, with counts; searched on name, sorted, paged.
 */
export function ProductList({ supplierId, state, onStateChange, onAdd, onEdit }: ProductListProps) {
  const { t } = useTranslation();
  const counts = useListCounts(state, supplierId);
  const products = useSupplierProducts({ ...toProductQuery(state), ...counts.countsQuery });
  const remove = useDeleteProduct();
  const confirm = useConfirm();

  const askDelete = (product: SupplierProductRow) =>
    void confirm({
      title: 'fitnessProduct.delete.title',
      message: t('fitnessProduct.delete.message', { name: product.name }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: product.id } });
          counts.forget();
          showSuccess(t('fitnessProduct.delete.done', { name: product.name }));
        } catch (error) {
          showFailure(error, 'fitnessProduct.delete.failed');
        }
      },
    });

  const columns: ListColumn<SupplierProductRow>[] = [
    {
      id: 'image',
      header: 'fitnessProduct.fields.image',
      width: 88,
      cell: (product) => <ProductThumbnail imageHash={product.imageHash} />,
    },
    {
      id: 'name',
      header: 'fitnessProduct.fields.name',
      sortField: 'name',
      cell: (product) => <ProductNameCell name={product.name} numberType={product.numberType} />,
    },
    {
      id: 'purchasePrice',
      header: 'fitnessProduct.fields.purchasePrice',
      align: 'right',
      cell: (product) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatEuro(product.purchasePrice)}
        </Text>
      ),
    },
    {
      id: 'vat',
      header: 'fitnessProduct.fields.vatShort',
      align: 'right',
      cell: (product) => <Text size="sm">{`${product.vatPercentage}%`}</Text>,
    },
    {
      id: 'salesUnit',
      header: 'fitnessProduct.fields.salesUnit',
      cell: (product) => (
        <div>
          <Text size="sm">{t(`fitnessProduct.salesUnit.${product.productSalesUnit}`)}</Text>
          <Text size="xs" c="dimmed">
            {t(`fitnessProduct.durationShort.${product.productDuration}`)}
          </Text>
        </div>
      ),
    },
    {
      id: 'createdAt',
      header: 'fitnessProduct.list.createdAt',
      sortField: 'createdAt',
      cell: (product) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(product.createdAt)}
        </Text>
      ),
    },
    {
      id: 'status',
      header: 'fitnessProduct.list.status',
      cell: (product) => <ProductStatus product={product} />,
    },
  ];

  const rowActions: RowAction<SupplierProductRow>[] = [
    { label: 'actions.edit', icon: <IconPencil size={18} aria-hidden />, onClick: (row) => onEdit(row.id) },
    {
      label: 'actions.delete',
      icon: <IconTrash size={18} aria-hidden />,
      color: 'red',
      onClick: askDelete,
    },
  ];

  if (products.isError)
    return <ErrorState message="fitnessProduct.list.fetchFailed" onRetry={() => void products.refetch()} />;
  return (
    <GenericList
      label="fitnessProduct.list.title"
      columns={columns}
      data={counts.withCounts(products.data, products.isPlaceholderData)}
      isLoading={products.isPending}
      state={state}
      onStateChange={onStateChange}
      getRowLabel={(product) => product.name}
      onRowClick={(product) => onEdit(product.id)}
      rowActions={rowActions}
      tabs={productTabs.map((tab) => ({ value: tab, label: `fitnessProduct.tabs.${tab}` }))}
      searchPlaceholder="fitnessProduct.list.searchPlaceholder"
      onAdd={onAdd}
      minTableWidth={720}
    />
  );
}

/** Where the row's version stands: accepted (with a change awaiting), awaiting, or denied with the reason. */
function ProductStatus({ product }: { product: SupplierProductRow }) {
  const { t } = useTranslation();
  const badge = (color: string, label: string) => (
    <Badge color={color} variant="light" size="sm" style={{ whiteSpace: 'nowrap' }}>
      {t(label)}
    </Badge>
  );
  switch (product.status) {
    case ProductVersionStatus.Accepted:
      return (
        <Group gap={4}>
          {badge('green', 'fitnessProduct.status.accepted')}
          {product.hasPendingVersion && badge('blue', 'fitnessProduct.status.changeAwaiting')}
        </Group>
      );
    case ProductVersionStatus.Denied:
      return (
        <Stack gap={2}>
          {badge('red', 'fitnessProduct.status.denied')}
          {product.denyReason && (
            <Text size="xs" c="dimmed" lineClamp={2} title={product.denyReason}>
              {product.denyReason}
            </Text>
          )}
        </Stack>
      );
    default:
      return badge(
        'blue',
        product.hasAcceptedVersion
          ? 'fitnessProduct.status.changeAwaiting'
          : 'fitnessProduct.status.newAwaiting',
      );
  }
}
