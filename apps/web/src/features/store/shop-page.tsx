import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useClaims } from '@/app/session';
import type { ListState } from '@/ui/list-search';
import { PageHeader } from '@/ui/states';
import { OrderList } from './order-list';
import type { ShopState } from './search';
import { StoreItemList } from './store-item-list';

/** 'Winkel' of the employer: what its employees can buy (the platform's items and its own). */
export function ShopPage({
  state,
  onStateChange,
}: {
  state: ShopState;
  onStateChange: (state: ShopState) => void;
}) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('store.shop.title')} · ${t('shell.productName')}`);
  const employerId = useClaims()?.activeEmployerId ?? null;
  const { owner, ...list } = state;
  if (employerId === null) return null;
  return (
    <Stack gap="md">
      <PageHeader title="store.shop.title" subtitle={t('store.shop.subtitle')} />
      <StoreItemList
        mode={{
          kind: 'employer',
          employerId,
          owner: owner ?? 'all',
          onOwnerChange: (next) =>
            onStateChange({ ...list, page: 1, ...(next === 'all' ? {} : { owner: next }) }),
        }}
        state={list}
        onStateChange={(next: ListState) => onStateChange({ ...next, ...(owner ? { owner } : {}) })}
      />
    </Stack>
  );
}

/** 'Bestellingen' of the employer's shop: its employees' orders with their delivery status. */
export function ShopOrdersPage({
  state,
  onStateChange,
}: {
  state: ListState;
  onStateChange: (state: ListState) => void;
}) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('store.shopOrders.title')} · ${t('shell.productName')}`);
  const employerId = useClaims()?.activeEmployerId ?? null;
  if (employerId === null) return null;
  return (
    <Stack gap="md">
      <PageHeader title="store.shopOrders.title" subtitle={t('store.shopOrders.subtitle')} />
      <OrderList mode={{ kind: 'employer', employerId }} state={state} onStateChange={onStateChange} />
    </Stack>
  );
}
