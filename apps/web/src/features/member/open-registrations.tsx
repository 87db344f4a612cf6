import { Anchor, Button, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconCircleCheck, IconQrcode } from '@tabler/icons-react';
import type { MemberListItem } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { GenericList, type ListColumn } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';
import { useListCounts } from '@/ui/list-counts';
import type { ListState } from '@/ui/list-search';
import { EmptyState, ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { fetchOpenRegistrations, useCompleteRegistration, useOpenRegistrations } from './api';
import { emailColumn, nameColumn } from './columns';
import { PendingSignUps } from './pending-sign-ups';
import { useRegistrationLinkModal } from './registration-link-action';

const columns: ListColumn<MemberListItem>[] = [
  nameColumn(),
  emailColumn(),
  {
    id: 'subscriptions',
    header: 'member.fields.subscriptions',
    cell: (item) => <Text size="sm">{item.subscriptions.join(', ')}</Text>,
    exportValue: (item) => item.subscriptions.join(', '),
  },
  {
    id: 'location',
    header: 'member.fields.homeLocation',
    cell: (item) => <Text size="sm">{item.homeLocationName}</Text>,
    exportValue: (item) => item.homeLocationName,
  },
  {
    id: 'createdAt',
    header: 'member.openRegistrations.signedUpAt',
    sortField: 'createdAt',
    cell: (item) => <Text size="sm">{formatDate(item.createdAt)}</Text>,
    exportValue: (item) => formatDate(item.createdAt),
  },
];

interface OpenRegistrationsProps {
  state: ListState;
  onStateChange: (state: ListState) => void;
  onOpen: (item: MemberListItem) => void;
  onBack: () => void;
}

/**
 * 'Open inschrijvingen': who signed up and is not completed; per row 'Link voor afronden' (the link and QR
 * code with which the person finishes it) and 'Voltooien' after a confirmation.
 */
export function OpenRegistrations({ state, onStateChange, onOpen, onBack }: OpenRegistrationsProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('member.openRegistrations.title')} · ${t('shell.productName')}`);
  const counts = useListCounts(state);
  const query = useOpenRegistrations(state, counts.countsQuery);
  const data = counts.withCounts(query.data, query.isPlaceholderData);
  const complete = useCompleteRegistration();
  const confirm = useConfirm();
  const registrationLink = useRegistrationLinkModal();

  const confirmComplete = (item: MemberListItem) =>
    void confirm({
      title: 'member.openRegistrations.completeTitle',
      message: t('member.openRegistrations.completeMessage', { name: item.fullName }),
      confirmLabel: 'member.openRegistrations.complete',
      onConfirm: async () => {
        try {
          await complete.mutateAsync({ params: { id: item.id } });
          counts.forget();
          showSuccess(t('member.openRegistrations.completed', { name: item.fullName }));
        } catch (error) {
          showFailure(error, 'member.openRegistrations.completeFailed');
        }
      },
    });

  // The two things to do on this screen, as buttons with their words.
  const withAction: ListColumn<MemberListItem>[] = [
    ...columns,
    {
      id: 'complete',
      header: '',
      align: 'right',
      cell: (item) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconQrcode size={14} aria-hidden />}
            aria-label={t('ui.list.rowAction', {
              action: t('member.registrationLink.action'),
              row: item.fullName,
            })}
            onClick={(event) => {
              event.stopPropagation();
              registrationLink.open(item);
            }}
          >
            {t('member.registrationLink.action')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconCircleCheck size={14} aria-hidden />}
            aria-label={t('ui.list.rowAction', {
              action: t('member.openRegistrations.complete'),
              row: item.fullName,
            })}
            onClick={(event) => {
              event.stopPropagation();
              confirmComplete(item);
            }}
          >
            {t('member.openRegistrations.complete')}
          </Button>
        </Group>
      ),
    },
  ];
  const hasNone = data !== undefined && !state.search && data.total === 0;

  return (
    <>
      <Anchor component="button" type="button" onClick={onBack} size="sm" mb="xs">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('member.detail.back')}
        </Group>
      </Anchor>
      <PageHeader title="member.openRegistrations.title" subtitle={t('member.openRegistrations.subtitle')} />
      <PendingSignUps />
      {query.isError ? (
        <ErrorState message="member.openRegistrations.fetchFailed" onRetry={() => void query.refetch()} />
      ) : hasNone ? (
        <EmptyState
          title="member.openRegistrations.emptyTitle"
          message="member.openRegistrations.emptyMessage"
        />
      ) : (
        <GenericList
          label={t('member.openRegistrations.label')}
          columns={withAction}
          data={data}
          isLoading={query.isPending}
          state={state}
          onStateChange={onStateChange}
          getRowLabel={(item) => item.fullName}
          onRowClick={onOpen}
          searchPlaceholder="member.list.searchPlaceholder"
          exportRows={{ fileName: 'member.openRegistrations.file', fetchPage: fetchOpenRegistrations }}
        />
      )}
      {registrationLink.modal}
    </>
  );
}
