import { ActionIcon, Button, Group, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type OpeningHours, openingHoursInput } from '@xp/contracts';
import { WEEKDAYS_MONDAY_FIRST } from '@xp/contracts/dates';
import { useEffect } from 'react';
import { type Control, type FieldErrors, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormActions } from '@/ui/form-actions';
import { showSaveErrors } from '@/ui/form-errors';
import { TimeInput } from '@/ui/inputs/time-input';
import { useFieldInput } from '@/ui/inputs/use-form-field';
import { ErrorState, LoadingState } from '@/ui/states';
import { showSuccess } from '@/ui/toasts';
import { translateMessage } from '@/ui/translate';
import { useZodForm } from '@/ui/use-zod-form';
import { useOpeningHours, useSaveOpeningHours } from './api';

type FormValues = z.input<typeof openingHoursInput>;
type RangePath = `days.${number}.ranges.${number}.${'from' | 'to'}`;

const DEFAULT_RANGE = { from: '09:00', to: '17:00' };

/** All seven weekdays, indexed by weekday, whatever the server left out. */
const toFormValues = (hours: OpeningHours): FormValues => ({
  locationId: hours.locationId,
  days: [0, 1, 2, 3, 4, 5, 6].map((weekday) => {
    const day = hours.days.find((entry) => entry.weekday === weekday);
    return { weekday, closed: day ? day.closed : true, ranges: day?.ranges ?? [] };
  }),
});

/** 'Openingstijden' of a location. */
export function OpeningHoursSettings({ locationId, mayAlter }: { locationId: number; mayAlter: boolean }) {
  const query = useOpeningHours(locationId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState
        message={
          query.error.status === 404 ? 'location.errors.notFound' : 'location.openingHours.fetchFailed'
        }
        onRetry={query.error.status === 404 ? undefined : () => void query.refetch()}
      />
    );
  }
  return <OpeningHoursForm hours={query.data} mayAlter={mayAlter} />;
}

/**
 * A time of day bound to a form field: the kit's HH:mm input (24 hours whatever the browser's locale, which
 * a native time input would follow), labelled for the screen reader.
 */
function RangeTime({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<FormValues>;
  name: RangePath;
  label: string;
  disabled: boolean;
}) {
  const { field, inputProps } = useFieldInput({ control, name, disabled });
  return (
    <TimeInput
      {...inputProps}
      aria-label={label}
      value={field.value as string | undefined}
      onChange={field.onChange}
      w={130}
    />
  );
}

interface DayRowProps {
  control: Control<FormValues>;
  weekday: number;
  errors: FieldErrors<FormValues>;
  disabled: boolean;
}

function DayRow({ control, weekday, errors, disabled }: DayRowProps) {
  const { t } = useTranslation();
  const dayName = t(`location.openingHours.weekdays.${weekday}`);
  const { fields, append, remove, replace } = useFieldArray({ control, name: `days.${weekday}.ranges` });
  const { field: closedField } = useFieldInput({ control, name: `days.${weekday}.closed`, disabled });
  const isClosed = useWatch({ control, name: `days.${weekday}.closed` });
  const dayErrors = errors.days?.[weekday]?.ranges;
  const dayError = dayErrors?.message ?? dayErrors?.root?.message;

  return (
    <Table.Tr>
      <Table.Th scope="row" w={140} style={{ verticalAlign: 'top', paddingTop: 14 }}>
        {dayName}
      </Table.Th>
      <Table.Td w={130} style={{ verticalAlign: 'top', paddingTop: 12 }}>
        <Switch
          label={t('location.openingHours.closed')}
          aria-label={t('location.openingHours.closedOn', { day: dayName })}
          checked={Boolean(isClosed)}
          disabled={disabled}
          onChange={(event) => {
            const closed = event.currentTarget.checked;
            closedField.onChange(closed);
            replace(closed ? [] : [DEFAULT_RANGE]);
          }}
        />
      </Table.Td>
      <Table.Td>
        <Stack gap="xs">
          {isClosed ? (
            <Text size="sm" c="dimmed" pt={6}>
              {t('location.openingHours.closedText')}
            </Text>
          ) : (
            fields.map((range, index) => (
              <Group
                key={range.id}
                gap="xs"
                align="flex-start"
                role="group"
                aria-label={t('location.openingHours.range', { day: dayName, number: index + 1 })}
              >
                <RangeTime
                  control={control}
                  name={`days.${weekday}.ranges.${index}.from`}
                  label={t('location.openingHours.from', { day: dayName, number: index + 1 })}
                  disabled={disabled}
                />
                <Text pt={6} aria-hidden>
                  –
                </Text>
                <RangeTime
                  control={control}
                  name={`days.${weekday}.ranges.${index}.to`}
                  label={t('location.openingHours.to', { day: dayName, number: index + 1 })}
                  disabled={disabled}
                />
                {!disabled && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mt={2}
                    aria-label={t('location.openingHours.removeRange', { day: dayName, number: index + 1 })}
                    onClick={() => remove(index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            ))
          )}
          {dayError && (
            <Text size="sm" c="red" role="alert">
              {translateMessage(t, dayError)}
            </Text>
          )}
          {!isClosed && !disabled && (
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => append(DEFAULT_RANGE)}
                aria-label={t('location.openingHours.addRangeTo', { day: dayName })}
              >
                {t('location.openingHours.addRange')}
              </Button>
            </Group>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

function OpeningHoursForm({ hours, mayAlter }: { hours: OpeningHours; mayAlter: boolean }) {
  const { t } = useTranslation();
  const save = useSaveOpeningHours();
  const form = useZodForm(openingHoursInput, { defaultValues: toFormValues(hours) });
  const { reset } = form;
  const isDirty = form.formState.isDirty;

  useEffect(() => {
    if (!isDirty) reset(toFormValues(hours));
  }, [hours, isDirty, reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ body: values });
      reset(toFormValues(saved));
      showSuccess(t('location.openingHours.saved'));
    } catch (error) {
      showSaveErrors(error, form.setError, ['days'], 'location.openingHours.failed');
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={880}>
      <form onSubmit={submit} noValidate aria-label={t('location.tabs.openingHours')}>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t('location.openingHours.explanation')}
          </Text>
          <Table verticalSpacing="xs" aria-label={t('location.tabs.openingHours')}>
            <Table.Tbody>
              {WEEKDAYS_MONDAY_FIRST.map((weekday) => (
                <DayRow
                  key={weekday}
                  control={form.control}
                  weekday={weekday}
                  errors={form.formState.errors}
                  disabled={!mayAlter}
                />
              ))}
            </Table.Tbody>
          </Table>
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
