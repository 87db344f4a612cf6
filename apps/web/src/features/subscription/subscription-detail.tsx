import { Anchor, Badge, Button, Group, Paper, Stack, Table, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAdjustments,
  IconArrowLeft,
  IconMapPin,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import type { Subscription } from '@xp/contracts';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/ui/form-actions';
import { ErrorState, LoadingState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreateSubscription, useSubscription, useUpdateSubscription } from './api';
import { useConfirmSetActive } from './set-active';
import {
  emptySubscription,
  SubscriptionFields,
  type SubscriptionFormValues,
  showSubscriptionErrors,
  subscriptionFormSchema,
  toBody,
  toFormValues,
} from './subscription-form';
import { TypeBadge } from './type-badge';

/** 'Terug naar abonnementen'. */
function BackLink({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Anchor component="button" type="button" onClick={onBack} size="sm" mb="xs">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('subscription.detail.back')}
      </Group>
    </Anchor>
  );
}

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
    <>
      <BackLink onBack={onCancel} />
      <PageHeader title="subscription.add.title" subtitle={t('subscription.add.subtitle')} />
      <form onSubmit={submit} noValidate aria-label={t('subscription.add.title')}>
        <Stack gap="lg" maw={960}>
          <SubscriptionFields
            control={form.control}
            variantErrors={form.formState.errors.variants}
            onPick={pick}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('subscription.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}

// ---------------------------------------------------------------------------------------------- detail

type DetailTab = 'general' | 'locations';

const tabIcons: Record<DetailTab, ReactNode> = {
  general: <IconAdjustments size={16} aria-hidden />,
  locations: <IconMapPin size={16} aria-hidden />,
};

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
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const confirmSetActive = useConfirmSetActive();
  const subscription = query.data;
  useDocumentTitle(`${subscription?.name ?? t('subscription.detail.title')} · ${t('shell.productName')}`);

  const isInvalidId = !Number.isInteger(id) || id <= 0;
  if (!isInvalidId && query.isPending) return <LoadingState />;
  if (!subscription) {
    const isMissing = isInvalidId || query.error?.status === 404;
    return (
      <>
        <BackLink onBack={onBack} />
        <ErrorState
          message={isMissing ? 'subscription.errors.notFound' : 'subscription.detail.fetchFailed'}
          onRetry={isMissing ? undefined : () => void query.refetch()}
        />
      </>
    );
  }

  const base = `/subscriptions/${subscription.id}`;
  const active: DetailTab = pathname.replace(/\/$/, '').endsWith('/locations') ? 'locations' : 'general';
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
    <>
      <BackLink onBack={onBack} />
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
      <Tabs
        value={active}
        onChange={(tab) =>
          tab && tab !== active && void navigate({ href: tab === 'general' ? base : `${base}/${tab}` })
        }
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List aria-label={t('subscription.detail.tabsLabel')}>
          {(['general', 'locations'] as const).map((tab) => (
            <Tabs.Tab key={tab} value={tab} leftSection={tabIcons[tab]}>
              {t(`subscription.detail.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
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
  if (!query.data) {
    return query.isError ? <ErrorState message="subscription.detail.fetchFailed" /> : <LoadingState />;
  }
  return <>{children(query.data)}</>;
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
