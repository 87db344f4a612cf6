import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Menu,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDots, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { type ApiError, type PictureBankItem, pictureBankCategories } from '@xp/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { cdnUrl } from '@/app/cdn';
import { openConfirm } from '@/ui/confirm-modal';
import { useListCounts } from '@/ui/list-counts';
import { ListPagination } from '@/ui/list-pagination';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '@/ui/states';
import { showError, showSuccess } from '@/ui/toasts';
import { useDeletePicture, usePictures, useUpdatePicture } from './api';
import { PictureFormPanel } from './picture-form';
import { categoryOf, type PictureBankState, toPictureQuery } from './search';

const THUMB = 240;

const messageOf = (error: unknown): string | undefined =>
  (error instanceof ApiCallError ? (error.errors as ApiError[]) : []).find(
    (entry) => entry.message && entry.message !== 'general_error',
  )?.message;

interface PictureCardProps {
  picture: PictureBankItem;
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** After the card's own switch: the active filter's counts changed. */
  onToggled: () => void;
}

function PictureCard({ picture, onPreview, onEdit, onDelete, onToggled }: PictureCardProps) {
  const { t } = useTranslation();
  const update = useUpdatePicture();
  const [isActive, setIsActive] = useState(picture.isActive);
  useEffect(() => setIsActive(picture.isActive), [picture.isActive]);

  // Saves at once; on failure the switch goes back to what is stored.
  const toggle = async (next: boolean) => {
    setIsActive(next);
    try {
      await update.mutateAsync({
        form: { id: picture.id, category: picture.category, isActive: next },
      });
      onToggled();
      showSuccess(
        t(next ? 'pictureBank.toggle.activated' : 'pictureBank.toggle.deactivated', {
          name: picture.fileName,
        }),
      );
    } catch (error) {
      setIsActive(!next);
      showError(messageOf(error) ?? 'pictureBank.toggle.failed', { title: 'pictureBank.toggle.failed' });
    }
  };

  return (
    <Card withBorder padding="xs" radius="md" aria-label={picture.fileName} component="article">
      <Card.Section pos="relative">
        <UnstyledButton
          onClick={onPreview}
          aria-label={t('pictureBank.preview.open', { name: picture.fileName })}
          style={{ display: 'block', width: '100%' }}
        >
          <Image
            src={cdnUrl(picture.pictureHash, { w: THUMB, h: THUMB, fit: 'crop' })}
            alt={picture.fileName}
            h={140}
            fit="cover"
            loading="lazy"
            style={{ opacity: isActive ? 1 : 0.45 }}
          />
        </UnstyledButton>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="default"
              radius="xl"
              pos="absolute"
              top={6}
              right={6}
              aria-label={t('pictureBank.actions.more', { name: picture.fileName })}
            >
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit}>
              {t('actions.edit')}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
              {t('actions.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Card.Section>
      <Stack gap={6} mt="xs">
        <Tooltip label={picture.fileName} openDelay={400}>
          <Text size="sm" fw={500} truncate="end">
            {picture.fileName}
          </Text>
        </Tooltip>
        <Badge variant="light" size="sm" maw="100%">
          {t(`pictureBank.category.${picture.category}`)}
        </Badge>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Switch
            size="xs"
            label={t('pictureBank.fields.isActive')}
            checked={isActive}
            disabled={update.isPending}
            onChange={(event) => void toggle(event.currentTarget.checked)}
            aria-label={t('pictureBank.toggle.label', { name: picture.fileName })}
          />
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {t('pictureBank.size', { kb: Math.max(1, Math.round(picture.byteSize / 1024)) })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

interface PictureBankPageProps {
  state: PictureBankState;
  onStateChange: (next: PictureBankState) => void;
}

/** 'Afbeeldingenbank' (admin): a grid of pictures, filtered by category and active flag, searched, paged. */
export function PictureBankPage({ state, onStateChange }: PictureBankPageProps) {
  const { t } = useTranslation();
  // Paging or re-sorting keeps the total and category counts of the filter (asked with `counts=false`).
  const listCounts = useListCounts(state);
  const pictures = usePictures({ ...toPictureQuery(state), ...listCounts.countsQuery });
  const data = listCounts.withCounts(pictures.data, pictures.isPlaceholderData);
  const remove = useDeletePicture();
  const [editing, setEditing] = useState<PictureBankItem | 'new' | null>(null);
  const [preview, setPreview] = useState<PictureBankItem | null>(null);
  const [search, setSearch] = useState(state.search ?? '');
  useEffect(() => setSearch(state.search ?? ''), [state.search]);
  const applySearch = useDebouncedCallback((value: string) => {
    const { search: _old, ...rest } = state;
    onStateChange({ ...rest, page: 1, ...(value.trim() ? { search: value.trim() } : {}) });
  }, 300);

  const change = (patch: Partial<PictureBankState>) => {
    const next = { ...state, page: 1, ...patch };
    for (const key of Object.keys(next) as (keyof PictureBankState)[])
      if (next[key] === undefined) delete next[key];
    onStateChange(next);
  };

  const counts = data?.tabCounts ?? {};
  const countLabel = (key: string) => (counts[key] === undefined ? '' : ` (${counts[key]})`);

  const confirmDelete = (picture: PictureBankItem) =>
    void openConfirm({
      title: 'pictureBank.delete.title',
      message: t('pictureBank.delete.message', { name: picture.fileName }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: picture.id } });
          listCounts.forget();
          showSuccess(t('pictureBank.delete.done', { name: picture.fileName }));
        } catch (error) {
          const reason = messageOf(error);
          showError(reason ?? 'pictureBank.delete.failed', { title: 'pictureBank.delete.failed' });
        }
      },
    });

  const items = data?.items ?? [];
  const filtered = Boolean(state.search || state.tab || state.active);
  return (
    <Stack gap="md">
      <PageHeader
        title={t('pictureBank.title')}
        subtitle={t('pictureBank.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('pictureBank.add.button')}
          </Button>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('pictureBank.fields.category')}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
          value={state.tab ?? 'all'}
          onChange={(value) => change({ tab: value === 'all' ? undefined : value })}
          data={[
            { value: 'all', label: `${t('pictureBank.filters.allCategories')}${countLabel('all')}` },
            ...pictureBankCategories.map((value) => ({
              value: String(value),
              label: `${t(`pictureBank.category.${value}`)}${countLabel(String(value))}`,
            })),
          ]}
        />
        <SegmentedControl
          aria-label={t('pictureBank.filters.status')}
          value={state.active ?? 'all'}
          onChange={(value) =>
            change({ active: value === 'all' ? undefined : (value as 'active' | 'inactive') })
          }
          data={[
            { value: 'all', label: t('pictureBank.filters.all') },
            { value: 'active', label: t('pictureBank.filters.active') },
            { value: 'inactive', label: t('pictureBank.filters.inactive') },
          ]}
        />
        <TextInput
          style={{ flex: 1, minWidth: 200 }}
          aria-label={t('pictureBank.filters.search')}
          placeholder={t('pictureBank.filters.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
        />
      </Group>
      {pictures.isPending ? (
        <LoadingState label={t('pictureBank.loading')} />
      ) : pictures.isError ? (
        <ErrorState message="pictureBank.loadFailed" onRetry={() => void pictures.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title={filtered ? 'pictureBank.empty.filteredTitle' : 'pictureBank.empty.title'}
          message={filtered ? 'pictureBank.empty.filteredMessage' : 'pictureBank.empty.message'}
          action={
            filtered ? undefined : (
              <Button variant="light" onClick={() => setEditing('new')}>
                {t('pictureBank.add.button')}
              </Button>
            )
          }
        />
      ) : (
        <>
          <SimpleGrid
            cols={{ base: 2, xs: 3, sm: 4, md: 6, lg: 8 }}
            spacing="sm"
            aria-label={t('pictureBank.title')}
          >
            {items.map((picture) => (
              <PictureCard
                key={picture.id}
                picture={picture}
                onPreview={() => setPreview(picture)}
                onEdit={() => setEditing(picture)}
                onDelete={() => confirmDelete(picture)}
                onToggled={listCounts.forget}
              />
            ))}
          </SimpleGrid>
          <ListPagination
            page={state.page}
            pageSize={state.pageSize}
            total={data?.total ?? 0}
            onPageChange={(page) => onStateChange({ ...state, page })}
          />
        </>
      )}
      <PictureFormPanel
        opened={editing !== null}
        picture={editing === 'new' || editing === null ? undefined : editing}
        defaultCategory={categoryOf(state.tab)}
        onClose={() => setEditing(null)}
        onSaved={listCounts.forget}
      />
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={preview?.fileName}
        size="xl"
        centered
      >
        {preview && (
          <Stack gap="xs">
            <Image
              src={cdnUrl(preview.pictureHash, { w: 1200, h: 900, fit: 'contain' })}
              alt={preview.fileName}
              fit="contain"
              mah="70vh"
            />
            <Text size="sm" c="dimmed">
              {t('pictureBank.preview.details', {
                category: t(`pictureBank.category.${preview.category}`),
                kb: Math.max(1, Math.round(preview.byteSize / 1024)),
                width: preview.width ?? '?',
                height: preview.height ?? '?',
              })}
            </Text>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
