import { Badge, SegmentedControl, Text, UnstyledButton } from '@mantine/core';
import { IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import type { StoreItem } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cdnUrl, THUMBNAIL_SIZE } from '@/app/cdn';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type RowAction } from '@/ui/generic-list';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { formatXp } from '@/ui/money';
import { ErrorState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useDeleteStoreItem, useEmployerShop, useStoreItems } from './api';
import { ImagePreviewModal } from './image-preview-modal';
import { categories, categoryOf, type StoreOwner, toItemQuery } from './search';
import { StoreItemModal } from './store-item-modal';

/** Whose items the list shows: the admin's store (an owner filter) or an employer's shop. */
export type StoreItemListMode =
  | { kind: 'admin'; owner: StoreOwner; onOwnerChange: (owner: StoreOwner) => void }
  | {
      kind: 'employer';
      employerId: number;
      owner: 'all' | 'platform' | 'own';
      onOwnerChange: (owner: 'all' | 'platform' | 'own') => void;
    };

interface StoreItemListProps {
  mode: StoreItemListMode;
  state: ListState;
  onStateChange: (state: ListState) => void;
}

/** The store's items: thumbnail (opens the preview), name, category, price, stock and owner; tabs per category. */
export function StoreItemList({ mode, state, onStateChange }: StoreItemListProps) {
  const { t } = useTranslation();
  const counts = useListCounts(state, mode.owner);
  const query = { ...toItemQuery(state), ...counts.countsQuery };
  const admin = useStoreItems(
    { ...query, owner: mode.kind === 'admin' ? mode.owner : 'platform' },
    mode.kind === 'admin',
  );
  const shop = useEmployerShop(
    mode.kind === 'employer' ? mode.employerId : 0,
    { ...query, owner: mode.kind === 'employer' ? mode.owner : 'all' },
    mode.kind === 'employer',
  );
  const items = mode.kind === 'admin' ? admin : shop;
  const remove = useDeleteStoreItem();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<StoreItem | 'new' | null>(null);
  const [preview, setPreview] = useState<{ hash: string; name: string } | null>(null);

  /** An employer changes only its own items; the platform's are the admin's. */
  const isEditable = (item: StoreItem) => mode.kind === 'admin' || item.employerId === mode.employerId;

  const askDelete = (item: StoreItem) =>
    void confirm({
      title: 'store.delete.title',
      message: t('store.delete.message', { name: item.name }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: item.id } });
          counts.forget();
          showSuccess(t('store.delete.done', { name: item.name }));
        } catch (error) {
          showFailure(error, 'store.delete.failed');
        }
      },
    });

  const columns: ListColumn<StoreItem>[] = [
    {
      id: 'image',
      header: 'store.fields.image',
      width: 88,
      cell: (item) =>
        item.imageCdnHash ? (
          <UnstyledButton
            onClick={(event) => {
              event.stopPropagation();
              setPreview({ hash: item.imageCdnHash!, name: item.name });
            }}
            aria-label={t('store.list.openImage', { name: item.name })}
          >
            <img
              src={cdnUrl(item.imageCdnHash, { fit: 'thumbnail' })}
              alt=""
              width={THUMBNAIL_SIZE}
              height={THUMBNAIL_SIZE}
              style={{ borderRadius: 6, display: 'block', objectFit: 'cover' }}
            />
          </UnstyledButton>
        ) : (
          <IconPhoto size={32} aria-hidden color="var(--mantine-color-gray-5)" />
        ),
    },
    {
      id: 'name',
      header: 'store.fields.name',
      sortField: 'name',
      cell: (item) => (
        <div>
          <Text size="sm" fw={600}>
            {item.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {item.description}
          </Text>
        </div>
      ),
      exportValue: (item) => item.name,
    },
    {
      id: 'category',
      header: 'store.fields.category',
      cell: (item) => (
        <Badge variant="light" size="sm">
          {t(`store.category.${item.storeItemCategory}`)}
        </Badge>
      ),
    },
    {
      id: 'cost',
      header: 'store.fields.cost',
      sortField: 'cost',
      align: 'right',
      cell: (item) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatXp(item.cost)}
        </Text>
      ),
    },
    {
      id: 'stock',
      header: 'store.fields.stock',
      sortField: 'stock',
      align: 'right',
      cell: (item) => (
        <Text size="sm" c={item.stock > 0 ? undefined : 'red'}>
          {item.stock}
        </Text>
      ),
    },
    {
      id: 'owner',
      header: 'store.fields.owner',
      cell: (item) =>
        item.employerId === null ? (
          <Badge variant="outline" color="gray" size="sm">
            {t('store.owner.platform')}
          </Badge>
        ) : (
          <Text size="sm">{item.employerName}</Text>
        ),
    },
  ];

  const rowActions: RowAction<StoreItem>[] = [
    {
      label: 'actions.edit',
      icon: <IconPencil size={18} aria-hidden />,
      onClick: setEditing,
      isHidden: (item) => !isEditable(item),
    },
    {
      label: 'actions.delete',
      icon: <IconTrash size={18} aria-hidden />,
      color: 'red',
      onClick: askDelete,
      isHidden: (item) => !isEditable(item),
    },
  ];

  const ownerFilter =
    mode.kind === 'admin' ? (
      <SegmentedControl
        aria-label={t('store.list.ownerFilter')}
        value={mode.owner}
        onChange={(value) => mode.onOwnerChange(value as StoreOwner)}
        data={[
          { value: 'platform', label: t('store.owner.platform') },
          { value: 'employers', label: t('store.owner.employers') },
          { value: 'all', label: t('store.owner.all') },
        ]}
      />
    ) : (
      <SegmentedControl
        aria-label={t('store.list.ownerFilter')}
        value={mode.owner}
        onChange={(value) => mode.onOwnerChange(value as 'all' | 'platform' | 'own')}
        data={[
          { value: 'all', label: t('store.owner.all') },
          { value: 'platform', label: t('store.owner.platform') },
          { value: 'own', label: t('store.owner.own') },
        ]}
      />
    );

  return (
    <>
      {items.isError ? (
        <ErrorState message="store.list.fetchFailed" onRetry={() => void items.refetch()} />
      ) : (
        <GenericList
          label="store.list.title"
          columns={columns}
          data={counts.withCounts(items.data, items.isPlaceholderData)}
          isLoading={items.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(item) => item.name}
          onRowClick={(item) => (isEditable(item) ? setEditing(item) : undefined)}
          rowActions={rowActions}
          tabs={[
            { value: 'all', label: 'store.list.allCategories' },
            ...categories.map((value) => ({ value: String(value), label: `store.category.${value}` })),
          ]}
          searchPlaceholder="store.list.searchPlaceholder"
          onAdd={() => setEditing('new')}
          addLabel="store.list.add"
          toolbar={ownerFilter}
        />
      )}
      <StoreItemModal
        opened={editing !== null}
        item={editing === 'new' || editing === null ? undefined : editing}
        employerId={mode.kind === 'employer' ? mode.employerId : undefined}
        defaultCategory={categoryOf(state.tab)}
        onClose={() => setEditing(null)}
        onSaved={counts.forget}
      />
      <ImagePreviewModal image={preview} onClose={() => setPreview(null)} />
    </>
  );
}
