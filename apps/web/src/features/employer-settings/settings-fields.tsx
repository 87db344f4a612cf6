import { Grid, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '@/ui/inputs/switch-field';
import { TextField } from '@/ui/inputs/text-field';

/** The options of a select: each value with its text `<prefix>.<value>`. */
export const translatedOptions = <V extends string | number>(
  t: TFunction,
  values: readonly V[],
  prefix: string,
) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

/** A text field of a `FieldGrid`. */
export interface GridTextField<T extends FieldValues> {
  name: FieldPath<T>;
  /** Translation key of the label. */
  label: string;
  /** Columns (of 12) from the `xs` breakpoint on; below it every field has the whole row. */
  span: number;
  maxLength: number;
  isRequired?: boolean;
  type?: 'email' | 'tel';
  placeholder?: string;
  /** The modal's first field. */
  hasAutofocus?: boolean;
}

/** Another input in a `FieldGrid` (a select). */
export interface GridElement {
  key: string;
  span: number;
  element: ReactNode;
}

interface FieldGridProps<T extends FieldValues> {
  control: Control<T>;
  fields: readonly (GridTextField<T> | GridElement)[];
}

/** The fields of a modal in a grid: text fields described by their name, label, width and length. */
export function FieldGrid<T extends FieldValues>({ control, fields }: FieldGridProps<T>) {
  const { t } = useTranslation();
  return (
    <Grid gap="md">
      {fields.map((field) =>
        'element' in field ? (
          <Grid.Col key={field.key} span={{ base: 12, xs: field.span }}>
            {field.element}
          </Grid.Col>
        ) : (
          <Grid.Col key={field.name} span={{ base: 12, xs: field.span }}>
            <TextField
              control={control}
              name={field.name}
              label={t(field.label)}
              required={field.isRequired}
              maxLength={field.maxLength}
              type={field.type}
              placeholder={field.placeholder}
              {...(field.hasAutofocus ? { 'data-autofocus': true } : {})}
            />
          </Grid.Col>
        ),
      )}
    </Grid>
  );
}

interface SwitchGroupProps<T extends FieldValues> {
  control: Control<T>;
  /** The group's label (already translated). */
  label: string;
  names: readonly FieldPath<T>[];
  /** Prefix of the switches' labels: `<prefix>.<name>`. */
  texts: string;
}

/** A labelled group of switches (what the employees have access to, what a contact person receives). */
export function SwitchGroup<T extends FieldValues>({ control, label, names, texts }: SwitchGroupProps<T>) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {names.map((name) => (
        <SwitchField key={name} control={control} name={name} label={t(`${texts}.${name}`)} />
      ))}
    </Stack>
  );
}
