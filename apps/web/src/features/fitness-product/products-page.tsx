import { Alert, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { supplierEndpoints } from '@xp/contracts';
import { SupplierStatus } from '@xp/contracts/enums';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@/app/api-hooks';
import type { ListState } from '@/ui/list-search';
import { EmptyState, PageHeader } from '@/ui/states';
import { ProductFormModal } from './product-form';
import { ProductList } from './product-list';

interface ProductsPageProps {
  /** The session's active supplier; null: none chosen (or none left). */
  supplierId: number | null;
  state: ListState;
  onStateChange: (state: ListState) => void;
  /** The product form open on top of the list (`/supplier/products/manage[/{id}]`): 'new' or a product. */
  editing?: 'new' | number | undefined;
  onAdd: () => void;
  onEdit: (productId: number) => void;
  /** The form closed (saved or not): back to the list. */
  onCloseForm: () => void;
  /** After the confirmation of a save: the list shows the tab where the product now waits. */
  onSaved?: () => void;
}

/**
 * 'Producten' of the supplier (spec 000 section 2, `/supplier/products`): the list, and the add and edit
 * modals on top of it at `/supplier/products/manage[/{id}]`.
 */
export function ProductsPage({
  supplierId,
  state,
  onStateChange,
  editing,
  onAdd,
  onEdit,
  onCloseForm,
  onSaved,
}: ProductsPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('fitnessProduct.list.title')} · ${t('shell.productName')}`);
  const supplier = useApiQuery(
    supplierEndpoints.get,
    { params: { id: supplierId ?? 0 } },
    { enabled: supplierId !== null },
  );
  // Only an Active supplier adds or changes products (decision 020): a Pending one is told so up front.
  const isPending = supplier.data?.status === SupplierStatus.Pending;
  const blockedReason =
    supplierId === null
      ? 'fitnessProduct.form.noSupplier'
      : isPending
        ? 'fitnessProduct.form.pendingSupplier'
        : undefined;

  return (
    <Stack gap="md">
      <PageHeader title="fitnessProduct.list.title" subtitle={t('fitnessProduct.list.subtitle')} />
      {supplierId === null ? (
        <EmptyState title="fitnessProduct.list.noSupplierTitle" message="fitnessProduct.form.noSupplier" />
      ) : (
        <>
          {isPending && (
            <Alert color="orange" icon={<IconInfoCircle size={18} aria-hidden />}>
              {t('fitnessProduct.form.pendingSupplier')}
            </Alert>
          )}
          <ProductList
            supplierId={supplierId}
            state={state}
            onStateChange={onStateChange}
            onAdd={onAdd}
            onEdit={onEdit}
          />
        </>
      )}
      <ProductFormModal
        opened={editing !== undefined}
        productId={typeof editing === 'number' ? editing : undefined}
        blockedReason={blockedReason}
        onClose={onCloseForm}
        onSaved={onSaved}
      />
    </Stack>
  );
}
