import {
  Badge,
  Group,
  Image,
  type MantineColor,
  SegmentedControl,
  Switch,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import type { ChallengeTemplateListItem } from '@xp/contracts';
import { PublicationStatus, Theme } from '@xp/contracts/enums';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/app/cdn';
import { openConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn, type ListTab, type RowAction } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import {
  fetchChallengeTemplates,
  useChallengeTemplates,
  useDeleteTemplate,
  useSetTemplateActive,
} from './api';
import { type ChallengeTemplateState, themeOf, toTemplateQuery } from './search';
import { TemplateWizardPanel } from './template-wizard';

const STATUS_COLORS: Record<number, MantineColor> = {
  [PublicationStatus.Disabled]: 'gray',
  [PublicationStatus.Draft]: 'yellow',
  [PublicationStatus.Published]: 'green',
};

/** One tab per theme; the first shows every template. */
const tabs: ListTab[] = [
  { value: 'all', label: 'challengeTemplate.list.allThemes' },
  ...Object.values(Theme).map((theme) => ({
    value: String(theme),
    label: `challengeTemplate.theme.${theme}`,
  })),
];

/** The active switch of a row: saves at once; on failure it goes back to what is stored. */
function ActiveSwitch({ template }: { template: ChallengeTemplateListItem }) {
  const { t } = useTranslation();
  const setActive = useSetTemplateActive();
  const [isActive, setIsActive] = useState(template.isActive);
  useEffect(() => setIsActive(template.isActive), [template.isActive]);

  const toggle = async (next: boolean) => {
    setIsActive(next);
    try {
      await setActive.mutateAsync({ params: { id: template.id }, body: { isActive: next } });
      showSuccess(
        t(next ? 'challengeTemplate.toggle.activated' : 'challengeTemplate.toggle.deactivated', {
          name: template.name,
        }),
      );
    } catch (error) {
      setIsActive(!next);
      showFailure(error, 'challengeTemplate.toggle.failed');
    }
  };

  return (
    <Switch
      checked={isActive}
      disabled={setActive.isPending}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => void toggle(event.currentTarget.checked)}
      aria-label={t('challengeTemplate.toggle.label', { name: template.name })}
    />
  );
}

/** The banner as a thumbnail (spec: 64 x 64), or a placeholder when the template has none. */
function BannerThumb({ template }: { template: ChallengeTemplateListItem }) {
  return template.challengeBannerHash ? (
    <Image
      src={cdnUrl(template.challengeBannerHash, { fit: 'thumbnail' })}
      alt=""
      w={64}
      h={40}
      radius="sm"
      fit="cover"
      loading="lazy"
    />
  ) : (
    <ThemeIcon variant="light" color="gray" w={64} h={40} radius="sm" aria-hidden>
      <IconPhoto size={18} />
    </ThemeIcon>
  );
}

interface ChallengeTemplateListProps {
  /** Theme tab, status filter, page, search and sort; the route keeps them in the URL. */
  state: ChallengeTemplateState;
  onStateChange: (state: ChallengeTemplateState) => void;
}

/** 'Challenge-templates' (admin): the platform's templates, with the four-step wizard to add or edit one. */
export function ChallengeTemplateList({ state, onStateChange }: ChallengeTemplateListProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('challengeTemplate.list.title')} · ${t('shell.productName')}`);
  // Paging or re-sorting keeps the total of the search, theme and status (asked with `counts=false`).
  const counts = useListCounts(state);
  const query = useChallengeTemplates({ ...toTemplateQuery(state), ...counts.countsQuery });
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<ChallengeTemplateListItem | 'new' | null>(null);
  const theme = themeOf(state.tab);

  const columns: ListColumn<ChallengeTemplateListItem>[] = [
    {
      id: 'banner',
      header: 'challengeTemplate.fields.challengeBanner',
      cell: (template) => <BannerThumb template={template} />,
      width: 88,
    },
    {
      id: 'name',
      header: 'challengeTemplate.fields.name',
      sortField: 'name',
      exportValue: (template) => template.name,
      cell: (template) => (
        <Text size="sm" fw={500} lineClamp={2}>
          {template.name}
        </Text>
      ),
    },
    {
      id: 'theme',
      header: 'challengeTemplate.fields.theme',
      sortField: 'theme',
      cell: (template) => <Text size="sm">{t(`challengeTemplate.theme.${template.theme}`)}</Text>,
      exportValue: (template) => t(`challengeTemplate.theme.${template.theme}`),
    },
    {
      id: 'status',
      header: 'challengeTemplate.fields.status',
      sortField: 'status',
      exportValue: (template) => t(`challengeTemplate.status.${template.status}`),
      cell: (template) => (
        <Badge variant="light" color={STATUS_COLORS[template.status] ?? 'gray'}>
          {t(`challengeTemplate.status.${template.status}`)}
        </Badge>
      ),
    },
    {
      id: 'isActive',
      header: 'challengeTemplate.fields.isActive',
      cell: (template) => <ActiveSwitch template={template} />,
      exportValue: (template) => template.isActive,
    },
    {
      id: 'createdAt',
      header: 'challengeTemplate.fields.createdAt',
      sortField: 'createdAt',
      cell: (template) => <Text size="sm">{formatDate(template.createdAt)}</Text>,
      exportValue: (template) => formatDate(template.createdAt),
    },
  ];

  const confirmDelete = (template: ChallengeTemplateListItem) =>
    void openConfirm({
      title: 'challengeTemplate.delete.title',
      message: t('challengeTemplate.delete.message', { name: template.name }),
      confirmLabel: 'actions.delete',
      color: 'red',
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { id: template.id } });
          counts.forget();
          showSuccess(t('challengeTemplate.delete.done', { name: template.name }));
        } catch (error) {
          showFailure(error, 'challengeTemplate.delete.failed');
        }
      },
    });

  const rowActions: RowAction<ChallengeTemplateListItem>[] = [
    { label: 'actions.edit', icon: <IconPencil size={18} aria-hidden />, onClick: setEditing },
    {
      label: 'actions.delete',
      icon: <IconTrash size={18} aria-hidden />,
      color: 'red',
      onClick: confirmDelete,
    },
  ];

  const change = (next: ListState & { status?: ChallengeTemplateState['status'] }) => {
    const cleaned = { ...next };
    for (const key of Object.keys(cleaned) as (keyof typeof cleaned)[])
      if (cleaned[key] === undefined) delete cleaned[key];
    onStateChange(cleaned);
  };

  return (
    <>
      <PageHeader title="challengeTemplate.list.title" subtitle={t('challengeTemplate.list.subtitle')} />
      {query.isError ? (
        <ErrorState message="challengeTemplate.list.loadFailed" onRetry={() => void query.refetch()} />
      ) : (
        <GenericList<ChallengeTemplateListItem>
          label="challengeTemplate.list.title"
          columns={columns}
          data={counts.withCounts(query.data, query.isPlaceholderData)}
          isLoading={query.isPending}
          state={{ ...state, tab: theme === undefined ? undefined : String(theme) }}
          onStateChange={(next) => change({ ...next, status: state.status })}
          getRowLabel={(template) => template.name}
          onRowClick={setEditing}
          rowActions={rowActions}
          tabs={tabs}
          searchPlaceholder="challengeTemplate.list.search"
          onAdd={() => setEditing('new')}
          addLabel="challengeTemplate.list.add"
          exportRows={{
            fileName: 'challengeTemplate.list.title',
            // The status filter lives outside the kit's list state: take it from the route's state.
            fetchPage: ({ page, pageSize }) =>
              fetchChallengeTemplates(toTemplateQuery({ ...state, page, pageSize })),
          }}
          toolbar={
            <Group gap="xs">
              <SegmentedControl
                aria-label={t('challengeTemplate.list.statusFilter')}
                value={state.status ?? 'all'}
                onChange={(value) =>
                  change({
                    ...state,
                    page: 1,
                    status: value === 'all' ? undefined : (value as ChallengeTemplateState['status']),
                  })
                }
                data={[
                  { value: 'all', label: t('challengeTemplate.list.allStatuses') },
                  ...Object.values(PublicationStatus).map((status) => ({
                    value: String(status),
                    label: t(`challengeTemplate.status.${status}`),
                  })),
                ]}
              />
            </Group>
          }
        />
      )}
      <TemplateWizardPanel
        opened={editing !== null}
        templateId={editing === 'new' || editing === null ? undefined : editing.id}
        defaultTheme={theme}
        onClose={() => setEditing(null)}
        onSaved={counts.forget}
      />
    </>
  );
}
