import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ProductOrderListItem } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defined, type ListState } from '@/ui/list-search';
import { PageHeader } from '@/ui/states';
import type { ProductOrderSide } from './api';
import { ProductOrderList } from './order-list';
import { OrderPanel } from './order-panel';
import { OrderWizardPanel } from './order-wizard';
import type { ProductOrderListState } from './search';

interface ProductOrdersPageProps {
  state: ProductOrderListState;
  onStateChange: (state: ProductOrderListState) => void;
}

/** The list with the open order (`order` in the URL) in the side panel. */
function ProductOrdersPage({
  side,
  state,
  onStateChange,
}: ProductOrdersPageProps & { side: ProductOrderSide }) {
  const { t } = useTranslation();
  const [isOrdering, setOrdering] = useState(false);
  const title = side === 'location' ? 'productOrder.list.title' : 'productOrder.list.supplierTitle';
  useDocumentTitle(`${t(title)} · ${t('shell.productName')}`);
  const { order, ...list } = state;
  const open = (id: number | undefined) => onStateChange(defined({ ...list, order: id }));
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        subtitle={t(
          side === 'location' ? 'productOrder.list.subtitle' : 'productOrder.list.supplierSubtitle',
        )}
      />
      <ProductOrderList
        side={side}
        state={list}
        onStateChange={(next: ListState) => onStateChange(defined({ ...next, order }))}
        onOpen={(row: ProductOrderListItem) => open(row.id)}
        {...(side === 'location' ? { onAdd: () => setOrdering(true) } : {})}
      />
      <OrderPanel side={side} orderId={order} onClose={() => open(undefined)} />
      {side === 'location' && (
        <OrderWizardPanel
          opened={isOrdering}
          onClose={() => setOrdering(false)}
          onOpenOrder={(id) => {
            setOrdering(false);
            open(id);
          }}
        />
      )}
    </Stack>
  );
}

/** 'Productbestellingen' of the active location: its orders, and 'Bestellen' opens the wizard. */
export const LocationProductOrdersPage = (props: ProductOrdersPageProps) => (
  <ProductOrdersPage side="location" {...props} />
);

/** 'Bestellingen' of the supplier: the orders placed with it, moved on step by step. */
export const SupplierProductOrdersPage = (props: ProductOrdersPageProps) => (
  <ProductOrdersPage side="supplier" {...props} />
);
