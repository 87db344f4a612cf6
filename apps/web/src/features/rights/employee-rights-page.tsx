import { Alert, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  type GymEmployeeRights,
  type GymEmployeeRightsUpdate,
  type GymRight,
  gymEmployeeRightsUpdate,
} from '@xp/contracts';
import { hasGymRight } from '@xp/contracts/claims';
import { locationRights } from '@xp/contracts/enums';
import { useEffect } from 'react';
import { type Control, Controller, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { showFailure } from '@/ui/form-errors';
import { LoadingState, PageHeader } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { useZodForm } from '@/ui/use-zod-form';
import { useGymEmployeeRights, useUpdateGymEmployeeRights } from './api';
import {
  EmployeeRightsError,
  RightBadges,
  RightHeader,
  RightsChecklist,
  SaveRightsButton,
  useRightLabel,
} from './rights-display';

type FormValues = Required<GymEmployeeRightsUpdate>;

const toFormValues = (rights: GymEmployeeRights): FormValues => ({
  gymRights: rights.gymRights,
  locationRights: rights.locations.map((location) => ({
    locationId: location.locationId,
    rights: location.rights,
  })),
});

/**
 * `/employees/{employeeId}/rights`: an employee's rights in the active gym. Gym rights (ManageGymRights) and
 * rights per location (gym right ManageLocationRights) are edited together and saved at once; rights from
 * rights groups are shown read-only with the group's name.
 */
export function EmployeeRightsPage({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const query = useGymEmployeeRights(employeeId);
  const update = useUpdateGymEmployeeRights();
  const data = query.data;
  useDocumentTitle(`${t('rights.employee.title', { name: data?.name ?? '' })} · ${t('shell.productName')}`);
  // Each part of `PUT /GymEmployee/{id}/Rights` needs its own right (its policy admits either; the service
  // checks the part sent), so the screen shows each part by the right the server asks for it.
  const canManageGym = hasGymRight(claims, 'ManageGymRights');
  const canManageLocations = hasGymRight(claims, 'ManageLocationRights');

  const form = useZodForm(gymEmployeeRightsUpdate, { defaultValues: { gymRights: [], locationRights: [] } });
  const { reset } = form;
  const isDirty = form.formState.isDirty;
  useEffect(() => {
    if (data && !isDirty) reset(toFormValues(data));
  }, [data, isDirty, reset]);

  const isInvalidId = !Number.isInteger(employeeId) || employeeId <= 0;
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
        params: { employeeId },
        body: {
          ...(canManageGym ? { gymRights: values.gymRights } : {}),
          ...(canManageLocations ? { locationRights: values.locationRights } : {}),
        },
      });
      reset(toFormValues(saved));
      showSuccess(t('rights.employee.saved', { name: saved.name }));
    } catch (error) {
      showFailure(error, 'rights.employee.failed');
    }
  });

  // Which groups give each gym right, for the note next to its checkbox.
  const notes: Partial<Record<GymRight, string>> = {};
  for (const right of new Set(data.groups.flatMap((group) => group.rights))) {
    const names = data.groups.filter((group) => group.rights.includes(right)).map((group) => group.name);
    notes[right] = t('rights.employee.alsoFromGroup', { groups: names.join(', ') });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('rights.employee.title', { name: data.name })}>
      <PageHeader
        title={t('rights.employee.title', { name: data.name })}
        subtitle={data.email}
        actions={
          <SaveRightsButton
            isSubmitting={form.formState.isSubmitting}
            disabled={!isDirty || !(canManageGym || canManageLocations)}
          />
        }
      />
      <Stack gap="lg">
        <Group align="flex-start" gap="lg" grow wrap="wrap" preventGrowOverflow={false}>
          <Paper withBorder p="lg" radius="md" miw={320}>
            <Title order={2} fz="h4">
              {t('rights.employee.gymRights')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('rights.employee.gymRightsHint')}
            </Text>
            {!canManageGym && (
              <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />} mb="sm">
                {t('rights.employee.readOnlyGym')}
              </Alert>
            )}
            <Controller
              control={form.control}
              name="gymRights"
              render={({ field, fieldState }) => (
                <RightsChecklist
                  kind="gym"
                  label={t('rights.employee.gymRights')}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  isDisabled={!canManageGym}
                  notes={notes}
                  isLabelHidden
                  error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                />
              )}
            />
          </Paper>
          <Paper withBorder p="lg" radius="md" miw={280}>
            <Title order={2} fz="h4">
              {t('rights.employee.fromGroups')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('rights.employee.fromGroupsHint')}
            </Text>
            {data.groups.length === 0 ? (
              <Text size="sm">{t('rights.employee.noGroups')}</Text>
            ) : (
              <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.groups.map((group) => (
                  <Stack key={group.id} gap={6} component="li">
                    <Text fw={600}>{group.name}</Text>
                    <RightBadges kind="gym" rights={group.rights} empty={t('rightsGroup.list.noRights')} />
                  </Stack>
                ))}
              </Stack>
            )}
          </Paper>
        </Group>

        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="h4">
            {t('rights.employee.locationRights')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('rights.employee.locationRightsHint')}
          </Text>
          {!canManageLocations && (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />} mb="sm">
              {t('rights.employee.readOnlyLocations')}
            </Alert>
          )}
          {data.locations.length === 0 ? (
            <Text size="sm">{t('rights.employee.noLocations')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table
                striped
                highlightOnHover
                verticalSpacing="sm"
                aria-label={t('rights.employee.locationRights')}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('rights.employee.locationColumn')}</Table.Th>
                    {locationRights.map((right) => (
                      <Table.Th key={right} ta="center">
                        <RightHeader kind="location" right={right} />
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.locations.map((location, index) => (
                    <LocationRow
                      key={location.locationId}
                      control={form.control}
                      index={index}
                      name={location.name}
                      isDisabled={!canManageLocations}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </Stack>
    </form>
  );
}

interface LocationRowProps {
  control: Control<GymEmployeeRightsUpdate, unknown, unknown>;
  index: number;
  name: string;
  isDisabled: boolean;
}

function LocationRow({ control, index, name, isDisabled }: LocationRowProps) {
  const { t } = useTranslation();
  const rightLabel = useRightLabel();
  const { field } = useController({ control, name: `locationRights.${index}.rights` });
  const value: string[] = field.value ?? [];
  const toggle = (right: string, isOn: boolean) =>
    field.onChange(isOn ? [...value, right] : value.filter((entry) => entry !== right));
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {name}
        </Text>
      </Table.Td>
      {locationRights.map((right) => (
        <Table.Td key={right} ta="center">
          <Checkbox
            display="inline-block"
            checked={value.includes(right)}
            disabled={isDisabled}
            onChange={(event) => toggle(right, event.currentTarget.checked)}
            aria-label={t('rights.employee.cellLabel', {
              right: rightLabel('location', right),
              location: name,
            })}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
