import { Button } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { locationAreaUpdate } from '@xp/contracts';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaveErrors } from '@/ui/form-errors';
import { SidePanel } from '@/ui/side-panel';
import { ErrorState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useLocationArea, useUpdateLocationArea } from './api';
import {
  emptyLocationArea,
  LocationAreaFields,
  locationAreaFormFields,
  toBody,
  toFormValues,
} from './location-area-form';

interface LocationAreaEditPanelProps {
  /** The room to edit (from the URL, so possibly not a valid id). */
  id: number;
  onClose: () => void;
}

/**
 * 'Zaal of buitenlocatie bewerken': the side panel of `/location/areas/{locationAreaId}`. Validates with the
 * contract's `locationAreaUpdate`; closing with unsaved changes asks first.
 */
export function LocationAreaEditPanel({ id, onClose }: LocationAreaEditPanelProps) {
  const { t } = useTranslation();
  const formId = useId();
  const query = useLocationArea(id);
  const update = useUpdateLocationArea();
  const form = useZodForm(locationAreaUpdate, { defaultValues: { ...emptyLocationArea, id } });
  const area = query.data;
  const isDirty = form.formState.isDirty;
  const { reset } = form;

  // Fill the form once the room is loaded (and again after a save refreshed it, unless being edited).
  useEffect(() => {
    if (area && !isDirty) reset({ ...toFormValues(area), id: area.id });
  }, [area, isDirty, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ body: toBody(values) });
      form.reset({ ...toFormValues(saved), id: saved.id });
      showSuccess(t('locationArea.edit.saved', { name: saved.name }));
      onClose();
    } catch (error) {
      showSaveErrors(error, form.setError, locationAreaFormFields, 'locationArea.edit.failed');
    }
  });

  const isInvalidId = !Number.isInteger(id) || id <= 0;
  const failure = isInvalidId ? 'locationArea.errors.notFound' : query.error?.errors[0]?.message;

  return (
    <SidePanel
      opened
      onClose={onClose}
      title={t('locationArea.edit.title')}
      subtitle={area?.name}
      isDirty={isDirty}
      isLoading={!isInvalidId && query.isPending}
      footer={
        area && (
          <Button
            type="submit"
            form={formId}
            loading={form.formState.isSubmitting}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            {t('actions.save')}
          </Button>
        )
      }
    >
      {failure || !area ? (
        <ErrorState
          message={failure ?? 'general_error'}
          onRetry={isInvalidId || query.error?.status === 404 ? undefined : () => void query.refetch()}
        />
      ) : (
        <form id={formId} onSubmit={submit} noValidate aria-label={t('locationArea.edit.title')}>
          <LocationAreaFields control={form.control} />
        </form>
      )}
    </SidePanel>
  );
}
