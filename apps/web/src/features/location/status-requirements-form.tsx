import { Paper, Stack, Text } from '@mantine/core';
import { canAlterLocation, editStatusRequirements, type LocationDetail } from '@xp/contracts';
import { MemberStatus } from '@xp/contracts/enums';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useRequiredClaims } from '@/app/session';
import { FormActions } from '@/ui/form-actions';
import { showSaveErrors } from '@/ui/form-errors';
import { NumberField } from '@/ui/inputs/number-field';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useEditStatusRequirements } from './api';

type FormValues = z.input<typeof editStatusRequirements>;

/** Always Non-active then Sleeping, so that the server's indexed errors land on the right input. */
const toFormValues = (location: LocationDetail): FormValues => ({
  statusRequirements: [MemberStatus.NonActive, MemberStatus.Sleeping].map((memberStatus) => ({
    memberStatus: memberStatus as 1 | 2,
    requiredDaysOfAbsence:
      location.statusRequirements.find((entry) => entry.memberStatus === memberStatus)
        ?.requiredDaysOfAbsence ?? null,
  })),
});

/** 'Statusvereisten': after how many days of absence a member becomes Non-active, then Sleeping. */
export function StatusRequirementsForm({ location }: { location: LocationDetail }) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const mayAlter = canAlterLocation(claims, location);
  const save = useEditStatusRequirements();
  const form = useZodForm(editStatusRequirements, { defaultValues: toFormValues(location) });
  const { reset } = form;
  const isDirty = form.formState.isDirty;

  useEffect(() => {
    if (!isDirty) reset(toFormValues(location));
  }, [location, isDirty, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ params: { id: location.id }, body: values });
      reset(toFormValues({ ...location, statusRequirements: saved }));
      showSuccess(t('location.statusRequirements.saved'));
    } catch (error) {
      showSaveErrors(error, form.setError, ['statusRequirements'], 'location.statusRequirements.failed');
    }
  });

  const daysField = (index: 0 | 1, label: string, hint: string) => (
    <NumberField
      control={form.control}
      name={`statusRequirements.${index}.requiredDaysOfAbsence`}
      label={t(label)}
      description={t(hint)}
      min={1}
      max={3650}
      allowDecimal={false}
      suffix={` ${t('location.statusRequirements.days')}`}
      placeholder={t('location.statusRequirements.notSet')}
      disabled={!mayAlter}
      maw={320}
    />
  );

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={submit} noValidate aria-label={t('location.tabs.statusRequirements')}>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t('location.statusRequirements.explanation')}
          </Text>
          {daysField(0, 'location.statusRequirements.nonActive', 'location.statusRequirements.nonActiveHint')}
          {daysField(1, 'location.statusRequirements.sleeping', 'location.statusRequirements.sleepingHint')}
          {mayAlter && (
            <FormActions
              isDirty={isDirty}
              isSubmitting={form.formState.isSubmitting}
              onUndo={() => reset()}
              undoLabel="location.edit.undo"
            />
          )}
        </Stack>
      </form>
    </Paper>
  );
}
