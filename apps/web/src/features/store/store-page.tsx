import { Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { defaultListState, type ListState } from '@/ui/list-search';
import { PageHeader } from '@/ui/states';
import { OrderList } from './order-list';
import type { StoreState } from './search';
import { StoreItemList } from './store-item-list';

interface StorePageProps {
  state: StoreState;
  onStateChange: (state: StoreState) => void;
}

/** 'Winkel' (admin): the store's products, and the orders of the platform's items in a second tab. */
export function StorePage({ state, onStateChange }: StorePageProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('store.admin.title')} · ${t('shell.productName')}`);
  const { view, owner, ...list } = state;
  const withList = (next: ListState) =>
    onStateChange({ ...next, ...(view ? { view } : {}), ...(owner ? { owner } : {}) });
  return (
    <Stack gap="md">
      <PageHeader title="store.admin.title" subtitle={t('store.admin.subtitle')} />
      <Tabs
        value={view ?? 'items'}
        onChange={(value) =>
          onStateChange(value === 'orders' ? { ...defaultListState, view: 'orders' } : defaultListState)
        }
      >
        <Tabs.List>
          <Tabs.Tab value="items">{t('store.admin.products')}</Tabs.Tab>
          <Tabs.Tab value="orders">{t('store.admin.orders')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {view === 'orders' ? (
        <OrderList mode={{ kind: 'admin' }} state={list} onStateChange={withList} />
      ) : (
        <StoreItemList
          mode={{
            kind: 'admin',
            owner: owner ?? 'platform',
            onOwnerChange: (next) =>
              onStateChange({ ...list, page: 1, ...(next === 'platform' ? {} : { owner: next }) }),
          }}
          state={list}
          onStateChange={withList}
        />
      )}
    </Stack>
  );
}
