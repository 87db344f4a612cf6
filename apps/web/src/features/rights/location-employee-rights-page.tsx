import { Anchor, Group, Paper } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type LocationEmployeeRights, locationEmployeeRightsUpdate } from '@xp/contracts';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { showFailure } from '@/ui/form-errors';
import { ErrorState, LoadingState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useLocationEmployeeRights, useUpdateLocationEmployeeRights } from './api';
import { EmployeeRightsError, RightsChecklist, SaveRightsButton } from './rights-display';

const toFormValues = (rights: LocationEmployeeRights) => ({ rights: rights.rights });

/** `/location/employees/{employeeId}/rights`: what an employee may do at the active location. */
export function LocationEmployeeRightsPage({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const { activeLocationId } = useRequiredClaims();
  const query = useLocationEmployeeRights(activeLocationId, employeeId);
  const update = useUpdateLocationEmployeeRights();
  const data = query.data;
  useDocumentTitle(
    `${t('rights.locationEmployee.title', { name: data?.name ?? '' })} · ${t('shell.productName')}`,
  );

  const form = useZodForm(locationEmployeeRightsUpdate, { defaultValues: { rights: [] } });
  const { reset } = form;
  const isDirty = form.formState.isDirty;
  useEffect(() => {
    if (data && !isDirty) reset(toFormValues(data));
  }, [data, isDirty, reset]);

  const isInvalidId = !Number.isInteger(employeeId) || employeeId <= 0;
  if (activeLocationId === null) return <ErrorState message="rights.matrix.noActiveLocation" />;
  if (isInvalidId || query.isError) {
    return (
      <EmployeeRightsError
        isInvalidId={isInvalidId}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!data) return <LoadingState />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        params: { id: activeLocationId, employeeId },
        body: values,
      });
      reset(toFormValues(saved));
      showSuccess(t('rights.employee.saved', { name: saved.name }));
    } catch (error) {
      showFailure(error, 'rights.employee.failed');
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('rights.locationEmployee.title', { name: data.name })}>
      <Anchor component={Link} to="/location/rights" size="sm" mb="xs" display="inline-block">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('rights.locationEmployee.back')}
        </Group>
      </Anchor>
      <PageHeader
        title={t('rights.locationEmployee.title', { name: data.name })}
        subtitle={t('rights.locationEmployee.subtitle', { name: data.name, location: data.locationName })}
        actions={<SaveRightsButton isSubmitting={form.formState.isSubmitting} disabled={!isDirty} />}
      />
      <Paper withBorder p="lg" radius="md" maw={720}>
        <Controller
          control={form.control}
          name="rights"
          render={({ field, fieldState }) => (
            <RightsChecklist
              kind="location"
              label={t('rights.locationEmployee.rights')}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
            />
          )}
        />
      </Paper>
    </form>
  );
}
