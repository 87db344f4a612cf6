import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAdjustments, IconMapPin, IconPlayerPause, IconPlayerPlay, IconUsers } from '@tabler/icons-react';
import type { Subscription } from '@xp/contracts';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailLayout, type DetailTab, NewRecordPage, WithRecord } from '@/ui/detail-page';
import { FormActions } from '@/ui/form-actions';
import { PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreateSubscription, useSubscription, useUpdateSubscription } from './api';
import { useConfirmSetActive } from './set-active';
import { SubscriptionFields, showSubscriptionErrors } from './subscription-form';
import {
  emptySubscription,
  type SubscriptionFormValues,
  subscriptionFormSchema,
  toBody,
  toFormValues,
} from './subscription-values';
import { TypeBadge } from './type-badge';

/** Picks an id into a group field of the form (a group made in place), once. */
function usePick(form: ReturnType<typeof useSubscriptionForm>) {
  return (field: 'ageGroupIds' | 'timeSlotGroupIds', id: number) => {
    const current = form.getValues(field);
    if (!current.includes(id)) {
      form.setValue(field, [...current, id], {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    }
  };
}

const useSubscriptionForm = (defaultValues: SubscriptionFormValues) =>
  useZodForm(subscriptionFormSchema, { defaultValues });

// ------------------------------------------------------------------------------------------------- new

interface NewSubscriptionPageProps {
  onCreated: (subscription: Subscription) => void;
  onCancel: () => void;
}

/** `/subscriptions/new`: 'Abonnement toevoegen', the whole form; saving opens the new subscription. */
export function NewSubscriptionPage({ onCreated, onCancel }: NewSubscriptionPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('subscription.add.title')} · ${t('shell.productName')}`);
  const create = useCreateSubscription();
  const form = useSubscriptionForm(emptySubscription());
  const pick = usePick(form);

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync({ body: toBody(values) });
      showSuccess(t('subscription.add.saved', { name: created.name }));
      onCreated(created);
    } catch (error) {
      showSubscriptionErrors(error, form.setError, 'subscription.add.failed');
    }
  });

  return (
    <NewRecordPage
      title="subscription.add.title"
      subtitle="subscription.add.subtitle"
      backLabel="subscription.detail.back"
      submitLabel="subscription.add.submit"
      onSubmit={submit}
      isSubmitting={form.formState.isSubmitting}
      onCancel={onCancel}
      maw={960}
    >
      <SubscriptionFields
        control={form.control}
        variantErrors={form.formState.errors.variants}
        onPick={pick}
      />
    </NewRecordPage>
  );
}

// ---------------------------------------------------------------------------------------------- detail

const detailTabs: [DetailTab, ...DetailTab[]] = [
  {
    value: 'general',
    label: 'subscription.detail.tabs.general',
    icon: <IconAdjustments size={16} aria-hidden />,
  },
  {
    value: 'locations',
    label: 'subscription.detail.tabs.locations',
    icon: <IconMapPin size={16} aria-hidden />,
  },
  // The members tab's label is the member area's.
  { value: 'members', label: 'member.subscriptionMembers.tab', icon: <IconUsers size={16} aria-hidden /> },
];

interface SubscriptionLayoutProps {
  /** From the URL, so possibly not a valid id. */
  id: number;
  onBack: () => void;
}

/**
 * `/subscriptions/{subscriptionId}`: the subscription's name, whether it is active (switched here, after a
 * confirmation), and its tabs 'Algemeen' (general data and variants) and 'Locaties'.
 */
export function SubscriptionLayout({ id, onBack }: SubscriptionLayoutProps) {
  const { t } = useTranslation();
  const query = useSubscription(id);
  useDocumentTitle(`${query.data?.name ?? t('subscription.detail.title')} · ${t('shell.productName')}`);
  return (
    <DetailLayout
      id={id}
      query={query}
      backLabel="subscription.detail.back"
      onBack={onBack}
      notFound="subscription.errors.notFound"
      fetchFailed="subscription.detail.fetchFailed"
      header={(subscription) => <SubscriptionHeader subscription={subscription} />}
      base={`/subscriptions/${id}`}
      tabsLabel="subscription.detail.tabsLabel"
      tabs={detailTabs}
    />
  );
}

/** The subscription's name, type and whether it is active, with the switch (after a confirmation). */
function SubscriptionHeader({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const confirmSetActive = useConfirmSetActive();
  const toggle = subscription.isActive ? (
    <Button
      variant="light"
      color="red"
      leftSection={<IconPlayerPause size={16} aria-hidden />}
      onClick={() => void confirmSetActive(subscription, false)}
    >
      {t('subscription.deactivate.action')}
    </Button>
  ) : (
    <Button
      variant="light"
      color="green"
      leftSection={<IconPlayerPlay size={16} aria-hidden />}
      onClick={() => void confirmSetActive(subscription, true)}
    >
      {t('subscription.activate.action')}
    </Button>
  );
  return (
    <PageHeader
      title={subscription.name}
      subtitle={
        <Group gap="xs" component="span">
          <TypeBadge type={subscription.type} />
          <Badge component="span" variant="dot" color={subscription.isActive ? 'green' : 'gray'}>
            {t(subscription.isActive ? 'subscription.status.active' : 'subscription.status.inactive')}
          </Badge>
          {!subscription.isActive && (
            <Text component="span" size="sm" c="dimmed">
              {t('subscription.detail.inactiveHint')}
            </Text>
          )}
        </Group>
      }
      actions={toggle}
    />
  );
}

/** The subscription a tab is about (loaded by the layout; served from the query cache). */
function WithSubscription({
  id,
  children,
}: {
  id: number;
  children: (subscription: Subscription) => ReactNode;
}) {
  const query = useSubscription(id);
  return (
    <WithRecord query={query} fetchFailed="subscription.detail.fetchFailed">
      {children}
    </WithRecord>
  );
}

/** 'Algemeen': the general data and the variants, saved together. */
export function SubscriptionGeneralTab({ id }: { id: number }) {
  return (
    <WithSubscription id={id}>
      {(subscription) => <SubscriptionEditForm key={subscription.id} subscription={subscription} />}
    </WithSubscription>
  );
}

function SubscriptionEditForm({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const update = useUpdateSubscription();
  const form = useSubscriptionForm(toFormValues(subscription));
  const pick = usePick(form);
  const { reset } = form;
  const isDirty = form.formState.isDirty;

  // Show what another save changed meanwhile, unless it is being edited here.
  useEffect(() => {
    if (!isDirty) reset(toFormValues(subscription));
  }, [subscription, isDirty, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ body: { ...toBody(values), id: subscription.id } });
      // The new variants now have their ids: the next save keeps them.
      reset(toFormValues(saved));
      showSuccess(t('subscription.edit.saved', { name: saved.name }));
    } catch (error) {
      showSubscriptionErrors(error, form.setError, 'subscription.edit.failed');
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('subscription.detail.tabs.general')}>
      <Stack gap="lg" maw={960}>
        <SubscriptionFields
          control={form.control}
          variantErrors={form.formState.errors.variants}
          onPick={pick}
          known={subscription}
        />
        <FormActions
          isDirty={isDirty}
          isSubmitting={form.formState.isSubmitting}
          onUndo={() => reset()}
          undoLabel="subscription.edit.undo"
        />
      </Stack>
    </form>
  );
}

/** 'Locaties': the gym's locations that offer the subscription (chosen on 'Algemeen'). */
export function SubscriptionLocationsTab({
  id,
  onOpenLocation,
}: {
  id: number;
  onOpenLocation: (locationId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <WithSubscription id={id}>
      {(subscription) => (
        <Paper withBorder p="lg" radius="md" maw={720}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('subscription.locations.explanation', { count: subscription.locations.length })}
            </Text>
            <Table verticalSpacing="sm" highlightOnHover aria-label={t('subscription.locations.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('subscription.locations.name')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {subscription.locations.map((location) => (
                  <Table.Tr key={location.id}>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => onOpenLocation(location.id)}
                      >
                        {location.name}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
      )}
    </WithSubscription>
  );
}
