import { SimpleGrid, Stack } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/ui/inputs/date-input';
import { SwitchField } from '@/ui/inputs/switch-field';

/** The field names of each period, the same in templates and challenges (spec 000 section 3). */
const periods = {
  active: { switch: 'hasDate', start: 'startDate', end: 'endDate', label: 'activePeriod' },
  visible: { switch: 'hasFromDate', start: 'fromDate', end: 'fromEndDate', label: 'visiblePeriod' },
} as const;

interface PeriodFieldsProps<T extends FieldValues, TOutput> {
  control: Control<T, unknown, TOutput>;
  /** The active period (`hasDate`, `startDate`, `endDate`) or the visible one (`hasFromDate`, ...). */
  period: keyof typeof periods;
  /** What the switch means (translated). */
  hint: string;
  /** Shown under the end date, e.g. the shortest period the template allows (translated). */
  endDescription?: string | undefined;
}

/**
 * A period of a template or a challenge: the switch, and while it is on the start date (required) and the
 * end date (optional), side by side.
 */
export function PeriodFields<T extends FieldValues, TOutput>({
  control,
  period,
  hint,
  endDescription,
}: PeriodFieldsProps<T, TOutput>) {
  const { t } = useTranslation();
  const names = periods[period];
  const name = (field: string) => field as FieldPath<T>;
  const label = (field: string) => t(`challengeTemplate.fields.${field}`);
  const isOn = Boolean(useWatch({ control, name: name(names.switch) }));
  return (
    <Stack gap="sm">
      <SwitchField
        control={control}
        name={name(names.switch)}
        label={label(names.switch)}
        // The description is not part of the switch's name.
        aria-label={label(names.switch)}
        description={hint}
      />
      {isOn && (
        <SimpleGrid
          cols={{ base: 1, xs: 2 }}
          role="group"
          aria-label={t(`challengeTemplate.wizard.${names.label}`)}
        >
          <DateField control={control} name={name(names.start)} label={label(names.start)} required />
          <DateField
            control={control}
            name={name(names.end)}
            label={label(names.end)}
            description={endDescription}
            clearable
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
