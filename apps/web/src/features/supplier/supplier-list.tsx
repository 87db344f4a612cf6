import { Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconPencil, IconPlayerPlay, IconTrash, IconX } from '@tabler/icons-react';
import { fullNameOf, type Supplier, SupplierStatus } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type ListTab, type RowAction } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import {
  fetchSuppliers,
  useAcceptSupplier,
  useDenySupplier,
  useDisableSupplier,
  useReEnableSupplier,
  useSuppliers,
} from './api';
import { SupplierFormModal } from './supplier-form-modal';
import { SupplierStatusBadge, statusLabelKey } from './supplier-status';

const contactOf = (supplier: Supplier) => fullNameOf(supplier);

const columns: ListColumn<Supplier>[] = [
  {
    id: 'name',
    header: 'supplier.fields.name',
    sortField: 'name',
    width: '26%',
    exportValue: (supplier) => supplier.name,
    cell: (supplier) => (
      <div>
        <Text size="sm" fw={600}>
          {supplier.name}
        </Text>
        {supplier.email && (
          <Text size="xs" c="dimmed">
            {supplier.email}
          </Text>
        )}
      </div>
    ),
  },
  {
    id: 'status',
    header: 'supplier.fields.status',
    // Wide enough for the longest state's badge ('In afwachting', 'Uitgeschakeld').
    width: '10rem',
    exportValue: (supplier, { t }) => t(statusLabelKey(supplier.status)),
    cell: (supplier) => <SupplierStatusBadge status={supplier.status} />,
  },
  {
    id: 'contact',
    header: 'supplier.fields.contact',
    exportValue: contactOf,
    cell: (supplier) => <Text size="sm">{contactOf(supplier)}</Text>,
  },
  {
    id: 'city',
    header: 'supplier.fields.city',
    sortField: 'city',
    exportValue: (supplier) => supplier.city ?? '',
    cell: (supplier) => <Text size="sm">{supplier.city}</Text>,
  },
  {
    id: 'kvkNumber',
    header: 'supplier.fields.kvkNumber',
    exportValue: (supplier) => supplier.kvkNumber ?? '',
    cell: (supplier) => <Text size="sm">{supplier.kvkNumber}</Text>,
  },
  {
    id: 'createdAt',
    header: 'supplier.fields.createdAt',
    sortField: 'createdAt',
    cell: (supplier) => <Text size="sm">{formatDate(supplier.createdAt)}</Text>,
    exportValue: (supplier) => formatDate(supplier.createdAt),
  },
];

/** Keyed like the server's `tabCounts`. */
const tabs: ListTab[] = [
  { value: 'all', label: 'supplier.list.tabs.all' },
  { value: 'pending', label: 'supplier.status.pending' },
  { value: 'active', label: 'supplier.status.active' },
  { value: 'denied', label: 'supplier.status.denied' },
  { value: 'disabled', label: 'supplier.status.disabled' },
];

interface SupplierListProps {
  /** Tab, page, search and sort; the route keeps them in the URL. */
  state: ListState;
  onStateChange: (state: ListState) => void;
}

type Action = 'accept' | 'deny' | 'disable' | 'reEnable';

/**
 * 'Leveranciers' (admin): every supplier per state. Added here (then invited), edited, accepted, denied,
 * disabled ('Verwijderen') and enabled again; every state change asks for confirmation.
 */
export function SupplierList({ state, onStateChange }: SupplierListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('supplier.list.title')} · ${t('shell.productName')}`);
  const counts = useListCounts(state);
  const query = useSuppliers(state, counts.countsQuery);
  const mutations = {
    accept: useAcceptSupplier(),
    deny: useDenySupplier(),
    disable: useDisableSupplier(),
    reEnable: useReEnableSupplier(),
  };
  const confirm = useConfirm();
  // `null`: closed; `{ id: null }`: a new supplier.
  const [modal, setModal] = useState<{ id: number | null } | null>(null);

  const ask = (action: Action) => (supplier: Supplier) =>
    void confirm({
      title: `supplier.${action}.title`,
      message: t(`supplier.${action}.message`, { name: supplier.name }),
      confirmLabel: `supplier.${action}.confirm`,
      color: action === 'deny' || action === 'disable' ? 'red' : 'blue',
      onConfirm: async () => {
        try {
          await mutations[action].mutateAsync({ params: { id: supplier.id } });
          counts.forget();
          showSuccess(t(`supplier.${action}.done`, { name: supplier.name }));
        } catch (error) {
          showFailure(error, `supplier.${action}.failed`);
          void query.refetch();
        }
      },
    });

  const isNot =
    (...statuses: number[]) =>
    (supplier: Supplier) =>
      !statuses.includes(supplier.status);

  const rowActions: RowAction<Supplier>[] = [
    {
      label: 'supplier.edit.action',
      icon: <IconPencil size={18} aria-hidden />,
      onClick: (supplier) => setModal({ id: supplier.id }),
    },
    {
      label: 'supplier.accept.action',
      icon: <IconCheck size={18} aria-hidden />,
      color: 'green',
      onClick: ask('accept'),
      isHidden: isNot(SupplierStatus.Pending, SupplierStatus.Denied),
    },
    {
      label: 'supplier.deny.action',
      icon: <IconX size={18} aria-hidden />,
      color: 'red',
      onClick: ask('deny'),
      isHidden: isNot(SupplierStatus.Pending),
    },
    {
      label: 'supplier.disable.action',
      icon: <IconTrash size={18} aria-hidden />,
      color: 'red',
      onClick: ask('disable'),
      isHidden: isNot(SupplierStatus.Active),
    },
    {
      label: 'supplier.reEnable.action',
      icon: <IconPlayerPlay size={18} aria-hidden />,
      color: 'green',
      onClick: ask('reEnable'),
      isHidden: isNot(SupplierStatus.Disabled),
    },
  ];

  return (
    <>
      <PageHeader title="supplier.list.title" subtitle={t('supplier.list.subtitle')} />
      {query.isError ? (
        <ErrorState message="supplier.list.fetchFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList
          label="supplier.list.title"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          tabs={tabs}
          getRowLabel={(supplier) => supplier.name}
          rowActions={rowActions}
          searchPlaceholder="supplier.list.searchPlaceholder"
          exportRows={{ fileName: 'supplier.list.title', fetchPage: fetchSuppliers }}
          onAdd={() => setModal({ id: null })}
          addLabel="supplier.add.button"
        />
      )}
      <SupplierFormModal
        opened={modal !== null}
        supplierId={modal?.id ?? null}
        onClose={() => setModal(null)}
        onDone={() => counts.forget()}
      />
    </>
  );
}
