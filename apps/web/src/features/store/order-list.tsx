import { Badge, type MantineColor, Text } from '@mantine/core';
import { IconCheck, IconTruckDelivery, IconX } from '@tabler/icons-react';
import type { StoreRedemption } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { formatXp } from '@/ui/money';
import { ErrorState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useEmployerOrders, useOrders, useSetOrderStatus } from './api';
import { CANCELLED, statuses, toOrderQuery } from './search';

const statusColor: Record<number, MantineColor> = { 0: 'blue', 1: 'orange', 2: 'green', 3: 'gray' };

/** Every employer's orders (admin), or one employer's employees' orders. */
export type OrderListMode = { kind: 'admin' } | { kind: 'employer'; employerId: number };

interface OrderListProps {
  mode: OrderListMode;
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/**
 * The store's orders with their delivery status: tabs per status with counts, searched on item and
 * employee; the item's owner moves an order on (sent, delivered) or cancels it, which refunds the XP.
 */
export function OrderList({ mode, state, onStateChange }: OrderListProps) {
  const { t } = useTranslation();
  const counts = useListCounts(state);
  const query = { ...toOrderQuery(state), ...counts.countsQuery };
  const all = useOrders(query, mode.kind === 'admin');
  const own = useEmployerOrders(
    mode.kind === 'employer' ? mode.employerId : 0,
    query,
    mode.kind === 'employer',
  );
  const orders = mode.kind === 'admin' ? all : own;
  const setStatus = useSetOrderStatus();
  const confirm = useConfirm();

  const change = async (order: StoreRedemption, status: number) => {
    try {
      await setStatus.mutateAsync({ params: { id: order.id }, body: { status } });
      counts.forget();
      showSuccess(t('store.orders.changed', { name: order.itemName, status: t(`store.status.${status}`) }));
    } catch (error) {
      showFailure(error, 'store.orders.changeFailed');
    }
  };

  const askCancel = (order: StoreRedemption) =>
    void confirm({
      title: 'store.orders.cancelTitle',
      message: t('store.orders.cancelMessage', {
        name: order.itemName,
        person: order.userName,
        xp: formatXp(order.cost),
      }),
      confirmLabel: 'store.orders.cancel',
      color: 'red',
      onConfirm: () => change(order, CANCELLED),
    });

  const columns: ListColumn<StoreRedemption>[] = [
    {
      id: 'createdAt',
      header: 'store.orders.date',
      sortField: 'createdAt',
      cell: (order) => <Text size="sm">{formatDate(order.createdAt)}</Text>,
      exportValue: (order, { date }) => date(order.createdAt),
    },
    {
      id: 'employee',
      header: 'store.orders.employee',
      cell: (order) => (
        <div>
          <Text size="sm" fw={600}>
            {order.userName}
          </Text>
          <Text size="xs" c="dimmed">
            {order.userEmail}
          </Text>
        </div>
      ),
      exportValue: (order) => order.userName,
    },
    {
      id: 'item',
      header: 'store.orders.item',
      cell: (order) => <Text size="sm">{order.itemName}</Text>,
      exportValue: (order) => order.itemName,
    },
    {
      id: 'cost',
      header: 'store.fields.cost',
      align: 'right',
      cell: (order) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatXp(order.cost)}
        </Text>
      ),
      exportValue: (order) => order.cost,
    },
    ...(mode.kind === 'admin'
      ? [
          {
            id: 'employer',
            header: 'store.orders.employer',
            cell: (order: StoreRedemption) => <Text size="sm">{order.employerName ?? '–'}</Text>,
            exportValue: (order: StoreRedemption) => order.employerName,
          },
        ]
      : []),
    {
      id: 'status',
      header: 'store.orders.status',
      cell: (order) => (
        <Badge variant="light" color={statusColor[order.status]} size="sm">
          {t(`store.status.${order.status}`)}
        </Badge>
      ),
      exportValue: (order, { t: translate }) => translate(`store.status.${order.status}`),
    },
  ];

  const rowActions: RowAction<StoreRedemption>[] = [
    {
      label: 'store.orders.markSent',
      icon: <IconTruckDelivery size={18} aria-hidden />,
      onClick: (order) => void change(order, 1),
      isHidden: (order) => !order.canChangeStatus || order.status !== 0,
    },
    {
      label: 'store.orders.markDelivered',
      icon: <IconCheck size={18} aria-hidden />,
      color: 'green',
      onClick: (order) => void change(order, 2),
      isHidden: (order) => !order.canChangeStatus,
    },
    {
      label: 'store.orders.cancel',
      icon: <IconX size={18} aria-hidden />,
      color: 'red',
      onClick: askCancel,
      isHidden: (order) => !order.canChangeStatus,
    },
  ];

  return orders.isError ? (
    <ErrorState message="store.orders.fetchFailed" onRetry={() => void orders.refetch()} />
  ) : (
    <GenericList
      label="store.orders.title"
      columns={columns}
      data={counts.withCounts(orders.data, orders.isPlaceholderData)}
      isLoading={orders.isPending}
      state={state}
      onStateChange={onStateChange}
      getRowLabel={(order) => `${order.itemName} ${order.userName}`}
      rowActions={rowActions}
      tabs={[
        { value: 'all', label: 'store.orders.all' },
        ...statuses.map((value) => ({ value: String(value), label: `store.status.${value}` })),
      ]}
      searchPlaceholder="store.orders.searchPlaceholder"
    />
  );
}
