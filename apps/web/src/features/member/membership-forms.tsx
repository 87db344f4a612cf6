import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  dutchToday,
  Environment,
  earliestEndDate,
  endMembershipInput,
  type Member,
  type Membership,
  type MembershipInput,
  membershipInput,
  type PauseInput,
  pauseInput,
} from '@xp/contracts';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { type FormEventHandler, type ReactNode, useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useRequiredClaims } from '@/app/session';
import { errorsOf, showSaveErrors } from '@/ui/form-errors';
import { SelectField } from '@/ui/inputs/select-field';
import { MODAL_SIZES, MODAL_TRANSITION_MS } from '@/ui/modal-sizes';
import { LoadingState } from '@/ui/states';
import { SubmitActions } from '@/ui/submit-actions';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { mayReadSubscriptions } from './access';
import {
  useActiveSubscriptions,
  useAddMembership,
  useEndMembership,
  usePauseMembership,
  useSubscriptionOffer,
} from './api';
import { DayField, formatDay } from './day-field';

const periodUnits = ['week', 'month', 'year'] as const;

/** '1 maand', '2 weken'. */
export const periodText = (t: TFunction, amount: number, type: number) =>
  t(`member.period.${type}`, { count: amount });

/** The variant's notice period: 'Opzegtermijn: 1 maand' (or that there is none). */
export function noticePeriodText(t: TFunction, variant: Membership['variant']) {
  return variant.noticePeriodAmount > 0
    ? t('member.end.noticePeriod', {
        period: periodText(t, variant.noticePeriodAmount, variant.noticePeriodType),
      })
    : t('member.end.noNoticePeriod');
}

/** The later of two days (`YYYY-MM-DD` texts compare as days). */
const laterDay = (a: string, b: string) => [a, b].sort()[1] ?? a;

/** A day plus a number of periods (`YYYY-MM-DD`). */
const addPeriod = (day: string, amount: number, type: number) =>
  dayjs(day)
    .add(amount, periodUnits[type] ?? 'month')
    .format('YYYY-MM-DD');

/** A dialog of the member screen: 480 px, its title (a translation key) the form's name. */
function FormModal({
  title,
  opened,
  onClose,
  children,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(title)}
      size={MODAL_SIZES.default}
      centered
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('ui.modal.close') }}
    >
      {children}
    </Modal>
  );
}

interface DialogFormProps {
  /** Translation keys: the dialog's title (the form's accessible name) and the submit button. */
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  isSubmitting: boolean;
  onCancel: () => void;
  /** 'red' for what cannot simply be undone (ending). */
  color?: string;
  children: ReactNode;
}

/** The form of a dialog: its fields, then 'Annuleren' and the submit button. */
function DialogForm({
  title,
  onSubmit,
  submitLabel,
  isSubmitting,
  onCancel,
  color,
  children,
}: DialogFormProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t(title)}>
      <Stack gap="md">
        {children}
        <SubmitActions
          submitLabel={submitLabel}
          isSubmitting={isSubmitting}
          onCancel={onCancel}
          color={color}
        />
      </Stack>
    </form>
  );
}

/** Why there is no form (not allowed, nothing to choose), and 'Sluiten'. */
function NoForm({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {children}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('actions.close')}
        </Button>
      </Group>
    </Stack>
  );
}

// -------------------------------------------------------------------------------------------- take out

interface TakeOutValues {
  subscriptionId: number | null;
  variantId: number | null;
  locationId: number | null;
  startDate: string | null;
}
const takeOutSchema = membershipInput as unknown as z.ZodType<MembershipInput, TakeOutValues>;
const takeOutFields = ['subscriptionId', 'variantId', 'locationId', 'startDate'] as const;

/**
 * The server's errors on the take-out form: one about the member's date of birth (unknown, or outside the
 * subscription's age groups) is shown on the subscription, the choice it is about.
 */
const onTakeOutFields = (error: unknown) => ({
  errors: errorsOf(error).map((entry) => ({
    ...entry,
    key: /^dateOfBirth$/i.test(entry.key ?? '') ? 'subscriptionId' : entry.key,
  })),
});

interface TakeOutModalProps {
  member: Member;
  opened: boolean;
  onClose: () => void;
}

/** 'Abonnement afsluiten': an active subscription, its variant, a location that offers it, the start date. */
export function TakeOutModal({ member, opened, onClose }: TakeOutModalProps) {
  return (
    <FormModal title="member.takeOut.title" opened={opened} onClose={onClose}>
      {opened && <TakeOutForm member={member} onDone={onClose} />}
    </FormModal>
  );
}

function TakeOutForm({ member, onDone }: { member: Member; onDone: () => void }) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const isAllowed = mayReadSubscriptions(claims);
  // In the Location environment a subscription is taken out at the active location only.
  const onlyLocation = claims.activeEnvironment === Environment.Location ? claims.activeLocationId : null;
  const subscriptions = useActiveSubscriptions(isAllowed);
  const add = useAddMembership();
  const form = useZodForm(takeOutSchema, {
    defaultValues: { subscriptionId: null, variantId: null, locationId: null, startDate: dutchToday() },
  });
  const subscriptionId = useWatch({ control: form.control, name: 'subscriptionId' });
  const offer = useSubscriptionOffer(subscriptionId);
  const chosen = offer.data?.id === subscriptionId ? offer.data : undefined;
  const offeredLocations = useMemo(
    () =>
      (chosen?.locations ?? []).filter((location) => onlyLocation === null || location.id === onlyLocation),
    [chosen, onlyLocation],
  );
  const { setValue, getValues } = form;

  // Another subscription: its own variants and locations; one variant, or the member's main location when
  // it offers the subscription, is chosen already.
  useEffect(() => {
    if (!chosen) return;
    const variants = chosen.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id]));
    const variantId = getValues('variantId');
    if (variantId === null || !variants.includes(variantId)) {
      setValue('variantId', variants.length === 1 ? (variants[0] ?? null) : null);
    }
    const locations = offeredLocations.map((location) => location.id);
    const locationId = getValues('locationId');
    if (locationId === null || !locations.includes(locationId)) {
      const home = member.homeLocation?.id;
      const preset =
        home !== undefined && locations.includes(home) ? home : locations.length === 1 ? locations[0] : null;
      setValue('locationId', preset ?? null);
    }
  }, [chosen, offeredLocations, member.homeLocation, getValues, setValue]);

  if (!isAllowed) {
    return (
      <NoForm onClose={onDone}>
        <Alert color="yellow">{t('member.takeOut.notAllowed')}</Alert>
      </NoForm>
    );
  }
  if (subscriptions.isPending) return <LoadingState />;
  if (subscriptions.isError) return <Alert color="red">{t('member.takeOut.fetchFailed')}</Alert>;
  if (subscriptions.data.items.length === 0) {
    return (
      <NoForm onClose={onDone}>
        <Text size="sm">{t('member.takeOut.noSubscriptions')}</Text>
      </NoForm>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ params: { id: member.id }, body: values });
      const name = subscriptions.data.items.find((item) => item.id === values.subscriptionId)?.name ?? '';
      showSuccess(t('member.takeOut.saved', { subscription: name }));
      onDone();
    } catch (error) {
      showSaveErrors(onTakeOutFields(error), form.setError, takeOutFields, 'member.takeOut.failed');
    }
  });

  const ageGroups = chosen?.ageGroups ?? [];
  return (
    <DialogForm
      title="member.takeOut.title"
      onSubmit={submit}
      submitLabel="member.takeOut.submit"
      isSubmitting={form.formState.isSubmitting}
      onCancel={onDone}
    >
      <SelectField
        control={form.control}
        name="subscriptionId"
        label={t('member.takeOut.subscription')}
        required
        searchable
        data={subscriptions.data.items.map((item) => ({ value: item.id, label: item.name }))}
        description={
          ageGroups.length > 0
            ? t('member.takeOut.ageGroups', {
                groups: ageGroups
                  .map(
                    (group) =>
                      `${group.name} (${t('member.takeOut.ageRange', { minimum: group.minimumAge, maximum: group.maximumAge })})`,
                  )
                  .join(', '),
              })
            : undefined
        }
        data-autofocus
      />
      <SelectField
        control={form.control}
        name="variantId"
        label={t('member.takeOut.variant')}
        required
        disabled={!chosen}
        placeholder={chosen ? undefined : t('member.takeOut.pickSubscription')}
        data={(chosen?.variants ?? []).flatMap((variant) =>
          variant.id === undefined ? [] : [{ value: variant.id, label: variant.name }],
        )}
      />
      <SelectField
        control={form.control}
        name="locationId"
        label={t('member.takeOut.location')}
        required
        disabled={!chosen}
        placeholder={chosen ? undefined : t('member.takeOut.pickSubscription')}
        data={offeredLocations.map((location) => ({ value: location.id, label: location.name }))}
      />
      <DayField control={form.control} name="startDate" label={t('member.takeOut.startDate')} required />
    </DialogForm>
  );
}

// ------------------------------------------------------------------------------------------------- end

interface EndValues {
  endDate: string | null;
}
const endSchema = endMembershipInput as unknown as z.ZodType<z.output<typeof endMembershipInput>, EndValues>;

interface MembershipModalProps {
  membership: Membership | null;
  onClose: () => void;
}

/** 'Beëindigen': the last day it runs, by default today plus the variant's notice period (not before its start). */
export function EndModal({ membership, onClose }: MembershipModalProps) {
  return (
    <FormModal title="member.end.title" opened={membership !== null} onClose={onClose}>
      {membership && <EndForm membership={membership} onDone={onClose} />}
    </FormModal>
  );
}

function EndForm({ membership, onDone }: { membership: Membership; onDone: () => void }) {
  const { t } = useTranslation();
  const end = useEndMembership();
  const { variant } = membership;
  const earliest = earliestEndDate(
    dutchToday(),
    membership.startDate,
    variant.noticePeriodAmount,
    variant.noticePeriodType,
  );
  const form = useZodForm(endSchema, {
    defaultValues: {
      endDate: membership.endDate && membership.endDate < earliest ? membership.endDate : earliest,
    },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await end.mutateAsync({ params: { id: membership.id }, body: values });
      showSuccess(
        t('member.end.saved', {
          subscription: membership.subscription.name,
          date: formatDay(values.endDate),
        }),
      );
      onDone();
    } catch (error) {
      showSaveErrors(error, form.setError, ['endDate'], 'member.end.failed');
    }
  });

  return (
    <DialogForm
      title="member.end.title"
      onSubmit={submit}
      submitLabel="member.end.submit"
      isSubmitting={form.formState.isSubmitting}
      onCancel={onDone}
      color="red"
    >
      <Text size="sm">
        {t('member.end.explanation', {
          subscription: membership.subscription.name,
          variant: variant.name,
        })}
      </Text>
      <DayField
        control={form.control}
        name="endDate"
        label={t('member.end.endDate')}
        description={noticePeriodText(t, variant)}
        required
      />
    </DialogForm>
  );
}

// ----------------------------------------------------------------------------------------------- pause

interface PauseValues {
  fromDate: string | null;
  toDate: string | null;
}
const pauseSchema = pauseInput as unknown as z.ZodType<PauseInput, PauseValues>;

/** 'Pauzeren': from and to (both included); the end date moves by the days paused. */
export function PauseModal({ membership, onClose }: MembershipModalProps) {
  return (
    <FormModal title="member.pause.title" opened={membership !== null} onClose={onClose}>
      {membership && <PauseForm membership={membership} onDone={onClose} />}
    </FormModal>
  );
}

function PauseForm({ membership, onDone }: { membership: Membership; onDone: () => void }) {
  const { t } = useTranslation();
  const pause = usePauseMembership();
  const today = dutchToday();
  const fromDate = laterDay(membership.startDate, today);
  const toDate = dayjs(addPeriod(fromDate, 1, 1))
    .subtract(1, 'day')
    .format('YYYY-MM-DD');
  const form = useZodForm(pauseSchema, { defaultValues: { fromDate, toDate } });

  const submit = form.handleSubmit(async (values) => {
    try {
      await pause.mutateAsync({ params: { id: membership.id }, body: values });
      showSuccess(
        t('member.pause.saved', {
          subscription: membership.subscription.name,
          from: formatDay(values.fromDate),
          to: formatDay(values.toDate),
        }),
      );
      onDone();
    } catch (error) {
      showSaveErrors(error, form.setError, ['fromDate', 'toDate'], 'member.pause.failed');
    }
  });

  return (
    <DialogForm
      title="member.pause.title"
      onSubmit={submit}
      submitLabel="member.pause.submit"
      isSubmitting={form.formState.isSubmitting}
      onCancel={onDone}
    >
      <Text size="sm">{t('member.pause.explanation')}</Text>
      <Group grow align="flex-start">
        <DayField control={form.control} name="fromDate" label={t('member.pause.fromDate')} required />
        <DayField control={form.control} name="toDate" label={t('member.pause.toDate')} required />
      </Group>
    </DialogForm>
  );
}
