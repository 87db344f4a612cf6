import { Stack } from '@mantine/core';
import { type ApiError, type RightsGroup, type RightsGroupInput, rightsGroupInput } from '@xp/contracts';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '@/app/api-client';
import { applyServerErrors, showFailure, toFieldName } from '@/ui/form-errors';
import { TextField } from '@/ui/inputs/text-field';
import { SidePanelForm } from '@/ui/side-panel';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreateRightsGroup, useUpdateRightsGroup } from './api';
import { RightsChecklist } from './rights-display';

const formFields = ['name', 'rights'] as const;
const emptyGroup: RightsGroupInput = { name: '', rights: [] };

interface RightsGroupPanelProps {
  opened: boolean;
  /** The group to edit; a new one when left out. */
  group?: RightsGroup;
  onClose: () => void;
}

/** 'Rechtengroep toevoegen' / 'Rechtengroep bewerken': name and rights in a side panel. */
export function RightsGroupPanel({ opened, group, onClose }: RightsGroupPanelProps) {
  const { t } = useTranslation();
  const create = useCreateRightsGroup();
  const update = useUpdateRightsGroup();
  const form = useZodForm(rightsGroupInput, { defaultValues: emptyGroup });
  const { reset } = form;
  useEffect(() => {
    if (opened) reset(group ? { name: group.name, rights: group.rights } : emptyGroup);
  }, [opened, group, reset]);

  const mode = group ? 'edit' : 'add';
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = group
        ? await update.mutateAsync({ body: { ...values, id: group.id } })
        : await create.mutateAsync({ body: values });
      reset({ name: saved.name, rights: saved.rights });
      showSuccess(t(`rightsGroup.${mode}.saved`, { name: saved.name }));
      onClose();
    } catch (error) {
      const errors: ApiError[] = error instanceof ApiCallError ? error.errors : [];
      const onFields = errors.filter((entry) =>
        (formFields as readonly string[]).includes(toFieldName(entry.key).split('.')[0] ?? ''),
      );
      if (onFields.length > 0) applyServerErrors(onFields, form.setError, formFields);
      else showFailure(error, `rightsGroup.${mode}.failed`);
    }
  });

  return (
    <SidePanelForm
      opened={opened}
      onClose={onClose}
      title={t(`rightsGroup.${mode}.title`)}
      subtitle={group?.name}
      formState={form.formState}
      onSubmit={submit}
    >
      <Stack gap="lg">
        <TextField
          control={form.control}
          name="name"
          label={t('rightsGroup.fields.name')}
          required
          maxLength={64}
          data-autofocus
        />
        <Controller
          control={form.control}
          name="rights"
          render={({ field, fieldState }) => (
            <RightsChecklist
              kind="gym"
              label={t('rightsGroup.fields.rights')}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
            />
          )}
        />
      </Stack>
    </SidePanelForm>
  );
}
