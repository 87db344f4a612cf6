import { Button, Checkbox, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import {
  type AgeGroup,
  type AgeGroupInput,
  ageGroupInput,
  type TimeSlotGroup,
  type TimeSlotGroupInput,
  timeSlotGroupInput,
} from '@xp/contracts';
import { WEEKDAYS_MONDAY_FIRST } from '@xp/contracts/dates';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showSaveErrors } from '@/ui/form-errors';
import { NumberField } from '@/ui/inputs/number-field';
import { TextField } from '@/ui/inputs/text-field';
import { TimeField } from '@/ui/inputs/time-input';
import { useFormField } from '@/ui/inputs/use-form-field';
import { MODAL_SIZES, MODAL_TRANSITION_MS } from '@/ui/modal-sizes';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreateAgeGroup, useCreateTimeSlotGroup, useUpdateAgeGroup, useUpdateTimeSlotGroup } from './api';

/** '18 t/m 64 jaar'. */
export const ageRangeText = (t: TFunction, group: Pick<AgeGroup, 'minimumAge' | 'maximumAge'>) =>
  t('subscription.ageGroups.range', { minimum: group.minimumAge, maximum: group.maximumAge });

/** 'ma, di, wo · 07:00–09:00' (Monday first). */
export function timeSlotText(t: TFunction, group: Pick<TimeSlotGroup, 'days' | 'beginTime' | 'endTime'>) {
  const days = WEEKDAYS_MONDAY_FIRST.filter((day) => group.days.includes(day))
    .map((day) => t(`subscription.weekdays.short.${day}`))
    .join(', ');
  return `${days} · ${group.beginTime}–${group.endTime}`;
}

// ---------------------------------------------------------------------------------------------- age groups

const ageGroupFields = ['name', 'minimumAge', 'maximumAge'] as const;
const emptyAgeGroup: AgeGroupInput = { name: '', minimumAge: 0, maximumAge: 17 };

interface AgeGroupFormProps {
  /** The group to change; a new one when left out. */
  group?: AgeGroup | undefined;
  onSaved: (group: AgeGroup) => void;
  onCancel: () => void;
}

/** Name and the ages it spans (both included), checked with the contract's `ageGroupInput`. */
export function AgeGroupForm({ group, onSaved, onCancel }: AgeGroupFormProps) {
  const { t } = useTranslation();
  const create = useCreateAgeGroup();
  const update = useUpdateAgeGroup();
  const form = useZodForm(ageGroupInput, {
    defaultValues: group
      ? { name: group.name, minimumAge: group.minimumAge, maximumAge: group.maximumAge }
      : emptyAgeGroup,
  });
  const mode = group ? 'edit' : 'add';
  const title = t(`subscription.ageGroups.${mode}.title`);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = group
        ? await update.mutateAsync({ body: { ...values, id: group.id } })
        : await create.mutateAsync({ body: values });
      showSuccess(t(`subscription.ageGroups.${mode}.saved`, { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      showSaveErrors(error, form.setError, ageGroupFields, `subscription.ageGroups.${mode}.failed`);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="md">
        <TextField
          control={form.control}
          name="name"
          label={t('subscription.ageGroups.fields.name')}
          placeholder={t('subscription.ageGroups.fields.namePlaceholder')}
          required
          maxLength={64}
          data-autofocus
        />
        <SimpleGrid cols={2}>
          <NumberField
            control={form.control}
            name="minimumAge"
            label={t('subscription.ageGroups.fields.minimumAge')}
            required
            min={0}
            max={130}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
          />
          <NumberField
            control={form.control}
            name="maximumAge"
            label={t('subscription.ageGroups.fields.maximumAge')}
            required
            min={0}
            max={130}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {group ? t('actions.save') : t('actions.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// ------------------------------------------------------------------------------------------ time slot groups

type TimeSlotGroupOutput = z.output<typeof timeSlotGroupInput>;

const timeSlotGroupFields = ['name', 'days', 'beginTime', 'endTime'] as const;
const emptyTimeSlotGroup: TimeSlotGroupInput = { name: '', days: [], beginTime: '', endTime: '' };

/** The days of a time slot group as checkboxes, Monday first; the value is weekday numbers (0 Sunday). */
function DaysField({ control }: { control: Control<TimeSlotGroupInput, unknown, TimeSlotGroupOutput> }) {
  const { t } = useTranslation();
  const { field, error } = useFormField({ control, name: 'days' });
  const days = (field.value as number[] | undefined) ?? [];
  return (
    <Checkbox.Group
      label={t('subscription.timeSlotGroups.fields.days')}
      withAsterisk
      value={days.map(String)}
      onChange={(values) => {
        field.onChange(values.map(Number));
        field.onBlur();
      }}
      error={error}
    >
      <Group gap="md" mt={6}>
        {WEEKDAYS_MONDAY_FIRST.map((day) => (
          <Checkbox key={day} value={String(day)} label={t(`subscription.weekdays.long.${day}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

interface TimeSlotGroupFormProps {
  group?: TimeSlotGroup | undefined;
  onSaved: (group: TimeSlotGroup) => void;
  onCancel: () => void;
}

/** Name, days, begin and end (HH:mm, the end not included), checked with the contract's `timeSlotGroupInput`. */
export function TimeSlotGroupForm({ group, onSaved, onCancel }: TimeSlotGroupFormProps) {
  const { t } = useTranslation();
  const create = useCreateTimeSlotGroup();
  const update = useUpdateTimeSlotGroup();
  const form = useZodForm(timeSlotGroupInput, {
    defaultValues: group
      ? { name: group.name, days: group.days, beginTime: group.beginTime, endTime: group.endTime }
      : emptyTimeSlotGroup,
  });
  const mode = group ? 'edit' : 'add';
  const title = t(`subscription.timeSlotGroups.${mode}.title`);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = group
        ? await update.mutateAsync({ body: { ...values, id: group.id } })
        : await create.mutateAsync({ body: values });
      showSuccess(t(`subscription.timeSlotGroups.${mode}.saved`, { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      showSaveErrors(error, form.setError, timeSlotGroupFields, `subscription.timeSlotGroups.${mode}.failed`);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="md">
        <TextField
          control={form.control}
          name="name"
          label={t('subscription.timeSlotGroups.fields.name')}
          placeholder={t('subscription.timeSlotGroups.fields.namePlaceholder')}
          required
          maxLength={64}
          data-autofocus
        />
        <DaysField control={form.control} />
        <SimpleGrid cols={2}>
          <TimeField
            control={form.control}
            name="beginTime"
            label={t('subscription.timeSlotGroups.fields.beginTime')}
            required
          />
          <TimeField
            control={form.control}
            name="endTime"
            label={t('subscription.timeSlotGroups.fields.endTime')}
            description={t('subscription.timeSlotGroups.fields.endTimeHint')}
            required
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {group ? t('actions.save') : t('actions.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// ------------------------------------------------------------------------------ adding one in place

interface NewGroupModalProps<G> {
  opened: boolean;
  onClose: () => void;
  /** The new group (the subscription form picks it at once). */
  onCreated: (group: G) => void;
}

/** 'Nieuwe leeftijdsgroep' from the subscription form. */
export function NewAgeGroupModal({ opened, onClose, onCreated }: NewGroupModalProps<AgeGroup>) {
  const { t } = useTranslation();
  return (
    <GroupModal opened={opened} onClose={onClose} title={t('subscription.ageGroups.add.title')}>
      <AgeGroupForm
        onCancel={onClose}
        onSaved={(group) => {
          onCreated(group);
          onClose();
        }}
      />
    </GroupModal>
  );
}

/** 'Nieuw tijdslot' from the subscription form. */
export function NewTimeSlotGroupModal({ opened, onClose, onCreated }: NewGroupModalProps<TimeSlotGroup>) {
  const { t } = useTranslation();
  return (
    <GroupModal opened={opened} onClose={onClose} title={t('subscription.timeSlotGroups.add.title')}>
      <TimeSlotGroupForm
        onCancel={onClose}
        onSaved={(group) => {
          onCreated(group);
          onClose();
        }}
      />
    </GroupModal>
  );
}

function GroupModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={MODAL_SIZES.default}
      centered
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('ui.modal.close') }}
    >
      {/* A new form each time it opens. */}
      {opened && children}
    </Modal>
  );
}
