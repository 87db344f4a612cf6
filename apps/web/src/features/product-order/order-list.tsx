import { Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { type ProductOrderListItem, productOrderTabs } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { GenericList, type ListColumn } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { formatEuro } from '@/ui/money';
import { ErrorState } from '@/ui/states';
import { type ProductOrderSide, useProductOrders } from './api';
import { toProductOrderQuery } from './search';
import { OrderStatusBadge } from './status-badge';

interface ProductOrderListProps {
  side: ProductOrderSide;
  state: ListState;
  onStateChange: (state: ListState) => void;
  onOpen: (order: ProductOrderListItem) => void;
  /** 'Bestellen' (the location). */
  onAdd?: () => void;
}

/**
 * Product orders with tabs Besteld (New), Betaald (Paid, Prepared, Planned) and Geleverd, with counts;
 * searched on follow number, customer and product; a row opens the order.
 */
export function ProductOrderList({ side, state, onStateChange, onOpen, onAdd }: ProductOrderListProps) {
  const { t } = useTranslation();
  const counts = useListCounts(state, side);
  const orders = useProductOrders(side, { ...toProductOrderQuery(state), ...counts.countsQuery });

  const columns: ListColumn<ProductOrderListItem>[] = [
    {
      id: 'followNumber',
      header: 'productOrder.list.followNumber',
      sortField: 'followNumber',
      cell: (order) => (
        <Text size="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {order.followNumber}
        </Text>
      ),
      exportValue: (order) => order.followNumber,
    },
    {
      id: 'createdAt',
      header: 'productOrder.list.date',
      sortField: 'createdAt',
      cell: (order) => <Text size="sm">{formatDate(order.createdAt)}</Text>,
      exportValue: (order, { date }) => date(order.createdAt),
    },
    {
      id: 'customer',
      header: 'productOrder.list.customer',
      sortField: 'customer',
      cell: (order) => <Text size="sm">{order.customerName}</Text>,
      exportValue: (order) => order.customerName,
    },
    {
      id: 'product',
      header: 'productOrder.list.product',
      sortField: 'product',
      cell: (order) => (
        <Text size="sm">
          {order.quantity > 1 ? `${order.quantity} × ` : ''}
          {order.productName}
        </Text>
      ),
      exportValue: (order) => order.productName,
    },
    side === 'location'
      ? {
          id: 'supplier',
          header: 'productOrder.list.supplier',
          cell: (order) => <Text size="sm">{order.supplierName}</Text>,
          exportValue: (order) => order.supplierName,
        }
      : {
          id: 'location',
          header: 'productOrder.list.location',
          cell: (order) => <Text size="sm">{order.locationName}</Text>,
          exportValue: (order) => order.locationName,
        },
    {
      id: 'total',
      header: 'productOrder.list.total',
      sortField: 'total',
      align: 'right',
      cell: (order) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatEuro(order.total)}
        </Text>
      ),
      exportValue: (order) => order.total,
    },
    {
      id: 'status',
      header: 'productOrder.list.status',
      sortField: 'status',
      cell: (order) => <OrderStatusBadge status={order.status} />,
      exportValue: (order, { t: translate }) => translate(`productOrder.status.${order.status}`),
    },
  ];

  return orders.isError ? (
    <ErrorState message="productOrder.list.fetchFailed" onRetry={() => void orders.refetch()} />
  ) : (
    <GenericList
      label="productOrder.list.tableLabel"
      columns={columns}
      data={counts.withCounts(orders.data, orders.isPlaceholderData)}
      isLoading={orders.isPending}
      state={state}
      onStateChange={onStateChange}
      getRowLabel={(order) => `${order.followNumber} ${order.customerName}`}
      onRowClick={onOpen}
      rowActions={[
        { label: 'productOrder.list.open', icon: <IconEye size={18} aria-hidden />, onClick: onOpen },
      ]}
      tabs={productOrderTabs.map((tab) => ({ value: tab, label: `productOrder.tabs.${tab}` }))}
      searchPlaceholder={t('productOrder.list.searchPlaceholder')}
      minTableWidth={860}
      {...(onAdd ? { onAdd, addLabel: 'productOrder.list.add' } : {})}
    />
  );
}
