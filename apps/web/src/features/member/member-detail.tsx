import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconCircleCheck,
  IconDownload,
  IconFileInvoice,
  IconLogin2,
  IconQrcode,
  IconUser,
  IconUserOff,
} from '@tabler/icons-react';
import type { Member } from '@xp/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { useLocation as useLocationDetail } from '@/features/location/api';
import { useConfirm } from '@/ui/confirm-modal';
import { DetailLayout, type DetailTab, NewRecordPage, WithRecord } from '@/ui/detail-page';
import { FormActions } from '@/ui/form-actions';
import { showFailure, showSaveErrors } from '@/ui/form-errors';
import { formatDate } from '@/ui/inputs/date-utils';
import { downloadText } from '@/ui/list-export';
import { ErrorState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import {
  fetchMemberExport,
  useAnonymiseMember,
  useCompleteRegistration,
  useCreateMember,
  useMember,
  useUpdateMember,
} from './api';
import {
  emptyMember,
  MemberFields,
  type MemberFormValues,
  memberFormFields,
  memberFormSchema,
  toFormValues,
} from './member-form';
import type { MemberScope } from './member-list';
import { MembershipsSection } from './memberships';
import { useRegistrationLinkModal } from './registration-link-action';
import { MemberStatusBadge } from './status-badge';

/** `/members` or `/location/members`. */
export const membersPath = (scope: MemberScope) => (scope === 'gym' ? '/members' : '/location/members');

const useMemberForm = (defaultValues: MemberFormValues) => useZodForm(memberFormSchema, { defaultValues });

/** The active location in the Location environment (where a new member is registered), by name. */
function useActiveLocationName(scope: MemberScope) {
  const claims = useRequiredClaims();
  const location = useLocationDetail(scope === 'location' ? claims.activeLocationId : null);
  return { id: claims.activeLocationId, name: location.data?.name };
}

// ------------------------------------------------------------------------------------------------- new

interface NewMemberPageProps {
  scope: MemberScope;
  onCreated: (member: Member) => void;
  onCancel: () => void;
}

/**
 * `/members/new` (and `/location/members/new`): 'Lid toevoegen' at the desk; saving opens the new member,
 * where a subscription is taken out. In the Location environment the main location is the active one.
 */
export function NewMemberPage({ scope, onCreated, onCancel }: NewMemberPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('member.add.title')} · ${t('shell.productName')}`);
  const create = useCreateMember();
  const activeLocation = useActiveLocationName(scope);
  const form = useMemberForm(emptyMember(scope === 'location' ? activeLocation.id : null));

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ body: values });
      showSuccess(t('member.add.saved', { name: created.fullName }));
      onCreated(created);
    } catch (error) {
      showSaveErrors(error, form.setError, memberFormFields, 'member.add.failed');
    }
  });

  if (scope === 'location' && activeLocation.id === null) {
    return <ErrorState message="member.errors.noActiveLocation" />;
  }
  return (
    <NewRecordPage
      title="member.add.title"
      subtitle="member.add.subtitle"
      backLabel="member.detail.back"
      submitLabel="member.add.submit"
      onSubmit={submit}
      isSubmitting={form.formState.isSubmitting}
      onCancel={onCancel}
      maw={860}
    >
      <MemberFields
        control={form.control}
        scope={scope}
        locationNote={
          activeLocation.name && t('member.form.activeLocation', { location: activeLocation.name })
        }
      />
    </NewRecordPage>
  );
}

// ---------------------------------------------------------------------------------------------- detail

const detailTabs: [DetailTab, ...DetailTab[]] = [
  { value: 'general', label: 'member.detail.tabs.general', icon: <IconUser size={16} aria-hidden /> },
  { value: 'entries', label: 'member.detail.tabs.entries', icon: <IconLogin2 size={16} aria-hidden /> },
  {
    value: 'invoices',
    label: 'member.detail.tabs.invoices',
    icon: <IconFileInvoice size={16} aria-hidden />,
  },
];

interface MemberLayoutProps {
  scope: MemberScope;
  /** From the URL, so possibly not a valid id. */
  id: number;
  onBack: () => void;
}

/**
 * `/members/{memberId}` (and `/location/members/{memberId}`): the member's name, status and last visit, and
 * the tabs 'Algemeen' (personal data, memberships, privacy), 'Bezoeken' and 'Facturen'.
 */
export function MemberLayout({ scope, id, onBack }: MemberLayoutProps) {
  const { t } = useTranslation();
  const query = useMember(id);
  useDocumentTitle(`${query.data?.fullName ?? t('member.detail.title')} · ${t('shell.productName')}`);
  return (
    <DetailLayout
      id={id}
      query={query}
      backLabel="member.detail.back"
      onBack={onBack}
      notFound="member.errors.notFound"
      fetchFailed="member.detail.fetchFailed"
      header={(member) => <MemberHeader member={member} />}
      base={`${membersPath(scope)}/${id}`}
      tabsLabel="member.detail.tabsLabel"
      tabs={detailTabs}
    />
  );
}

/** The member's name, status, last visit and how long they are a member; completes an open registration. */
function MemberHeader({ member }: { member: Member }) {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={member.fullName}
      subtitle={
        <Group gap="xs" component="span">
          <MemberStatusBadge status={member.status} />
          <Text component="span" size="sm" c="dimmed">
            {member.lastEntryAt
              ? t('member.detail.lastEntry', { date: formatDate(member.lastEntryAt) })
              : t('member.detail.neverVisited')}
            {' · '}
            {t('member.detail.memberSince', { date: formatDate(member.createdAt) })}
          </Text>
          {!member.registrationCompleted && (
            <Badge component="span" variant="outline" color="orange">
              {t('member.detail.openRegistration')}
            </Badge>
          )}
          {member.hasAccount && (
            <Badge component="span" variant="outline" color="blue">
              {t('member.detail.hasAccount')}
            </Badge>
          )}
          {member.anonymisedAt && (
            <Badge component="span" variant="outline" color="gray">
              {t('member.detail.anonymised', { date: formatDate(member.anonymisedAt) })}
            </Badge>
          )}
        </Group>
      }
      actions={
        !member.registrationCompleted && !member.anonymisedAt ? (
          <Group gap="sm">
            <RegistrationLinkButton member={member} />
            <CompleteRegistrationButton member={member} />
          </Group>
        ) : undefined
      }
    />
  );
}

/** 'Link voor afronden': the link and QR code with which the person finishes the registration themselves. */
function RegistrationLinkButton({ member }: { member: Member }) {
  const { t } = useTranslation();
  const registrationLink = useRegistrationLinkModal();
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconQrcode size={16} aria-hidden />}
        onClick={() => registrationLink.open(member)}
      >
        {t('member.registrationLink.action')}
      </Button>
      {registrationLink.modal}
    </>
  );
}

/** 'Inschrijving voltooien' of a member who signed up: after a confirmation, they get access. */
function CompleteRegistrationButton({ member }: { member: Member }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const complete = useCompleteRegistration();
  const name = member.fullName;
  return (
    <Button
      variant="light"
      color="green"
      leftSection={<IconCircleCheck size={16} aria-hidden />}
      onClick={() =>
        void confirm({
          title: 'member.openRegistrations.completeTitle',
          message: t('member.openRegistrations.completeMessage', { name }),
          confirmLabel: 'member.openRegistrations.complete',
          onConfirm: async () => {
            try {
              await complete.mutateAsync({ params: { id: member.id } });
              showSuccess(t('member.openRegistrations.completed', { name }));
            } catch (error) {
              showFailure(error, 'member.openRegistrations.completeFailed');
            }
          },
        })
      }
    >
      {t('member.detail.complete')}
    </Button>
  );
}

/** The member a tab is about (loaded by the layout; served from the query cache). */
export function WithMember({ id, children }: { id: number; children: (member: Member) => ReactNode }) {
  const query = useMember(id);
  return (
    <WithRecord query={query} fetchFailed="member.detail.fetchFailed">
      {children}
    </WithRecord>
  );
}

/** 'Algemeen': the personal data, the memberships and the member's privacy rights. */
export function MemberGeneralTab({ scope, id }: { scope: MemberScope; id: number }) {
  return (
    <WithMember id={id}>
      {(member) => (
        <Stack gap="lg" maw={960}>
          <MemberEditForm key={member.id} scope={scope} member={member} />
          <MembershipsSection member={member} />
          <PrivacySection member={member} />
        </Stack>
      )}
    </WithMember>
  );
}

function MemberEditForm({ scope, member }: { scope: MemberScope; member: Member }) {
  const { t } = useTranslation();
  const update = useUpdateMember();
  const form = useMemberForm(toFormValues(member));
  const { reset } = form;
  const isDirty = form.formState.isDirty;
  const isLocked = member.anonymisedAt !== null;

  // Show what another save changed meanwhile, unless it is being edited here.
  useEffect(() => {
    if (!isDirty) reset(toFormValues(member));
  }, [member, isDirty, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ body: { ...values, id: member.id } });
      reset(toFormValues(saved));
      showSuccess(t('member.edit.saved', { name: saved.fullName }));
    } catch (error) {
      showSaveErrors(error, form.setError, memberFormFields, 'member.edit.failed');
    }
  });

  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} fz="h4" mb="md">
        {t('member.edit.title')}
      </Title>
      <form onSubmit={submit} noValidate aria-label={t('member.edit.title')}>
        <Stack gap="lg">
          <MemberFields
            control={form.control}
            scope={scope}
            locationNote={
              member.homeLocation
                ? t('member.form.homeLocationShown', { location: member.homeLocation.name })
                : undefined
            }
            isDisabled={isLocked}
          />
          {!isLocked && (
            <FormActions
              isDirty={isDirty}
              isSubmitting={form.formState.isSubmitting}
              onUndo={() => reset()}
              undoLabel="member.edit.undo"
            />
          )}
        </Stack>
      </form>
    </Paper>
  );
}

/** GDPR: 'Gegevens exporteren' (a JSON file) and 'Anonimiseren' after a confirmation. */
function PrivacySection({ member }: { member: Member }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const anonymise = useAnonymiseMember();
  const [isExporting, setExporting] = useState(false);
  const name = member.fullName;

  const download = async () => {
    setExporting(true);
    try {
      const data = await fetchMemberExport(member.id);
      downloadText(
        JSON.stringify(data, null, 2),
        `${t('member.gdpr.file', { id: member.id })}.json`,
        'application/json;charset=utf-8',
      );
      showSuccess(t('member.gdpr.exported', { name }));
    } catch (error) {
      showFailure(error, 'member.gdpr.exportFailed');
    } finally {
      setExporting(false);
    }
  };

  const confirmAnonymise = () =>
    confirm({
      title: 'member.gdpr.anonymiseTitle',
      message: t('member.gdpr.anonymiseMessage', { name }),
      confirmLabel: 'member.gdpr.anonymiseConfirm',
      color: 'red',
      onConfirm: async () => {
        try {
          await anonymise.mutateAsync({ params: { id: member.id } });
          showSuccess(t('member.gdpr.anonymised'));
        } catch (error) {
          showFailure(error, 'member.gdpr.anonymiseFailed');
        }
      },
    });

  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} fz="h4" mb="xs">
        {t('member.gdpr.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {member.anonymisedAt ? t('member.gdpr.isAnonymised') : t('member.gdpr.explanation')}
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={isExporting}
          onClick={() => void download()}
        >
          {t('member.gdpr.export')}
        </Button>
        {!member.anonymisedAt && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconUserOff size={16} aria-hidden />}
            onClick={() => void confirmAnonymise()}
          >
            {t('member.gdpr.anonymise')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
