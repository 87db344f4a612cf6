import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  AccessType,
  type AgeGroup,
  DEFAULT_VAT_RATE,
  MAX_VARIANTS,
  PeriodType,
  type Subscription,
  SubscriptionType,
  subscriptionInput,
  type TimeSlotGroup,
  VAT_RATES,
  vatSplit,
} from '@xp/contracts';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type Control, type FieldPath, type UseFormSetError, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorsOf, showSaveErrors } from '@/ui/form-errors';
import { CurrencyInput } from '@/ui/inputs/currency-input';
import { NumberField } from '@/ui/inputs/number-field';
import { SelectField } from '@/ui/inputs/select-field';
import { SwitchField } from '@/ui/inputs/switch-field';
import { TextField } from '@/ui/inputs/text-field';
import { TextareaField } from '@/ui/inputs/textarea-field';
import { useFieldInput, useFormField } from '@/ui/inputs/use-form-field';
import { translateMessage } from '@/ui/translate';
import { useAgeGroups, useGymLocations, useTimeSlotGroups } from './api';
import { centsToEuros, eurosToCents, formatEuro } from './format';
import { ageRangeText, NewAgeGroupModal, NewTimeSlotGroupModal, timeSlotText } from './group-forms';

// ---------------------------------------------------------------------------------------------- the values

/** One variant as the form edits it; an emptied number is null (the schema says 'required' for it). */
export interface VariantFormValues {
  /** An existing variant (a save keeps it by this id); none: a new one. */
  id?: number | undefined;
  name: string;
  /** Money in cents (entered in euros). */
  oneOffCosts: number | null;
  oneOffCostsIncludesVat: boolean;
  pricePerPeriod: number | null;
  pricePerPeriodIncludesVat: boolean;
  durationPeriodAmount: number | null;
  durationPeriodType: number;
  accessType: number;
  accessPerPeriodAmount: number | null;
  accessPerPeriodType: number | null;
  paymentPerPeriodAmount: number | null;
  paymentPerPeriodType: number;
  noticePeriodAmount: number | null;
  noticePeriodType: number;
  order: number | null;
}

export interface SubscriptionFormValues {
  type: number;
  name: string;
  description: string;
  order: number | null;
  vatRate: number;
  locationIds: number[];
  ageGroupIds: number[];
  timeSlotGroupIds: number[];
  variants: VariantFormValues[];
}

export type SubscriptionFormOutput = z.output<typeof subscriptionInput>;

/**
 * The contract's `subscriptionInput`, the rules the server checks, typed by the values the form holds
 * (nulls for emptied numbers, which it refuses as 'required').
 */
export const subscriptionFormSchema = subscriptionInput as unknown as z.ZodType<
  SubscriptionFormOutput,
  SubscriptionFormValues
>;

/** The fields where the server's field errors land (and the paths below them: `variants.0.name`). */
export const subscriptionFormFields = [
  'type',
  'name',
  'description',
  'order',
  'vatRate',
  'locationIds',
  'ageGroupIds',
  'timeSlotGroupIds',
  'variants',
] as const;

/** A new variant: monthly payment for a year, unlimited access, one month's notice. */
export const newVariant = (order: number): VariantFormValues => ({
  name: '',
  oneOffCosts: 0,
  oneOffCostsIncludesVat: true,
  pricePerPeriod: null,
  pricePerPeriodIncludesVat: true,
  durationPeriodAmount: 12,
  durationPeriodType: PeriodType.Month,
  accessType: AccessType.Unlimited,
  accessPerPeriodAmount: null,
  accessPerPeriodType: PeriodType.Week,
  paymentPerPeriodAmount: 1,
  paymentPerPeriodType: PeriodType.Month,
  noticePeriodAmount: 1,
  noticePeriodType: PeriodType.Month,
  order,
});

export const emptySubscription = (): SubscriptionFormValues => ({
  type: SubscriptionType.Recurring,
  name: '',
  description: '',
  order: 0,
  vatRate: DEFAULT_VAT_RATE,
  locationIds: [],
  ageGroupIds: [],
  timeSlotGroupIds: [],
  variants: [newVariant(0)],
});

/** A stored subscription as the form edits it; each variant keeps its id. */
export const toFormValues = (subscription: Subscription): SubscriptionFormValues => ({
  type: subscription.type,
  name: subscription.name,
  description: subscription.description ?? '',
  order: subscription.order,
  vatRate: subscription.vatRate,
  locationIds: subscription.locations.map((location) => location.id),
  ageGroupIds: subscription.ageGroups.map((group) => group.id),
  timeSlotGroupIds: subscription.timeSlotGroups.map((group) => group.id),
  variants: subscription.variants.map((item) => ({
    id: item.id,
    name: item.name,
    oneOffCosts: item.oneOffCosts,
    oneOffCostsIncludesVat: item.oneOffCostsIncludesVat,
    pricePerPeriod: item.pricePerPeriod,
    pricePerPeriodIncludesVat: item.pricePerPeriodIncludesVat,
    durationPeriodAmount: item.durationPeriodAmount,
    durationPeriodType: item.durationPeriodType,
    accessType: item.accessType,
    accessPerPeriodAmount: item.accessPerPeriodAmount,
    // A period is offered when the access type changes to one that uses it.
    accessPerPeriodType: item.accessPerPeriodType ?? PeriodType.Week,
    paymentPerPeriodAmount: item.paymentPerPeriodAmount,
    paymentPerPeriodType: item.paymentPerPeriodType,
    noticePeriodAmount: item.noticePeriodAmount,
    noticePeriodType: item.noticePeriodType,
    order: item.order,
  })),
});

/** What is sent: the access amount and period only where the access type uses them. */
export const toBody = (values: SubscriptionFormOutput): SubscriptionFormOutput => ({
  ...values,
  variants: values.variants.map((item) => ({
    ...item,
    accessPerPeriodAmount: item.accessType === AccessType.Unlimited ? undefined : item.accessPerPeriodAmount,
    accessPerPeriodType:
      item.accessType === AccessType.LimitedPerPeriod ? item.accessPerPeriodType : undefined,
  })),
});

/**
 * The server's errors as the form shows them: one on a picked location or group (`locationIds[2]`) goes
 * under its multi-select, one on a variant's id (gone meanwhile) under that variant's name.
 */
export function onFormFields(error: unknown) {
  return {
    errors: errorsOf(error).map((entry) => ({
      ...entry,
      key: (entry.key ?? '')
        .replace(/^(locationIds|ageGroupIds|timeSlotGroupIds)\[\d+\]$/i, '$1')
        .replace(/^(variants\[\d+\])\.id$/i, '$1.name'),
    })),
  };
}

type FormControl = Control<SubscriptionFormValues, unknown, SubscriptionFormOutput>;
type VariantField = keyof VariantFormValues;
const variantPath = (index: number, field: VariantField) =>
  `variants.${index}.${field}` as FieldPath<SubscriptionFormValues>;

// ------------------------------------------------------------------------------------------ small inputs

/** A euro amount bound to a field that holds cents: '49,99' is stored as 4999. */
function CentsField({
  control,
  name,
  label,
  required,
}: {
  control: FormControl;
  name: FieldPath<SubscriptionFormValues>;
  label: string;
  required?: boolean;
}) {
  const { field, inputProps } = useFieldInput({ control, name, required });
  return (
    <CurrencyInput
      {...inputProps}
      label={label}
      value={centsToEuros(field.value as number | null)}
      onChange={(euros) => field.onChange(eurosToCents(euros))}
    />
  );
}

interface IdOption {
  id: number;
  name: string;
  /** Shown after the name: '18 t/m 64 jaar'. */
  detail?: string;
}

/** A multi-select of ids (the gym's locations or groups), bound to a field that holds numbers. */
function IdMultiSelectField({
  control,
  name,
  label,
  description,
  placeholder,
  options,
  required,
  isLoading,
}: {
  control: FormControl;
  name: 'locationIds' | 'ageGroupIds' | 'timeSlotGroupIds';
  label: string;
  description?: string;
  placeholder?: string;
  options: readonly IdOption[];
  required?: boolean;
  isLoading?: boolean;
}) {
  const { t } = useTranslation();
  const { field, error } = useFormField({ control, name });
  const value = (field.value as number[]).map(String);
  return (
    <MultiSelect
      ref={field.ref}
      label={label}
      description={description}
      placeholder={value.length === 0 ? placeholder : undefined}
      withAsterisk={required}
      aria-required={required || undefined}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={isLoading ? t('ui.loading') : t('subscription.form.nothingFound')}
      data={options.map((option) => ({
        value: String(option.id),
        label: option.detail ? `${option.name} (${option.detail})` : option.name,
      }))}
      value={value}
      onChange={(values) => field.onChange(values.map(Number))}
      onBlur={field.onBlur}
      error={error}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={240}
    />
  );
}

/** The options of a field, with the picked ones the gym's list does not hold (yet) kept by their name. */
function withKnown(options: readonly IdOption[], known: readonly IdOption[]): IdOption[] {
  const ids = new Set(options.map((option) => option.id));
  return [...options, ...known.filter((option) => !ids.has(option.id))];
}

/** 'maand' or 'maanden' after an amount. */
function usePeriodOptions(amount: unknown) {
  const { t } = useTranslation();
  const count = typeof amount === 'number' ? amount : 2;
  return Object.values(PeriodType).map((value) => ({
    value,
    label: t(`subscription.period.${value}`, { count }),
  }));
}

/** An amount and its period under one label: 'Looptijd' '12' 'maanden'. */
function PeriodFields({
  control,
  index,
  amount,
  type,
  label,
  description,
  min = 1,
}: {
  control: FormControl;
  index: number;
  amount: VariantField;
  type: VariantField;
  label: string;
  description?: string;
  min?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const value = useWatch({ control, name: variantPath(index, amount) });
  const options = usePeriodOptions(value);
  return (
    <Fieldset
      variant="unstyled"
      // As the other fields' labels: flush left, the description right below.
      styles={{ legend: { padding: 0, marginBottom: 0 } }}
      aria-describedby={description ? `${id}-description` : undefined}
      legend={
        <Text component="span" size="sm" fw={500}>
          {label}
          <Text component="span" c="red" aria-hidden>
            {' *'}
          </Text>
        </Text>
      }
    >
      {description && (
        <Text id={`${id}-description`} size="xs" c="dimmed">
          {description}
        </Text>
      )}
      <Group gap="xs" align="flex-start" wrap="nowrap" mt={4}>
        <NumberField
          control={control}
          name={variantPath(index, amount)}
          aria-label={label}
          required
          min={min}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={110}
        />
        <SelectField
          control={control}
          name={variantPath(index, type)}
          aria-label={t('subscription.variant.periodOf', { field: label })}
          data={options}
          required
          w={140}
        />
      </Group>
    </Fieldset>
  );
}

// ---------------------------------------------------------------------------------------------- a variant

/** '€ 49,00 incl. btw · € 44,95 excl. btw', live as the amount, its VAT flag or the rate change. */
function VatSplitText({
  control,
  index,
  amount,
  includesVat,
}: {
  control: FormControl;
  index: number;
  amount: 'oneOffCosts' | 'pricePerPeriod';
  includesVat: 'oneOffCostsIncludesVat' | 'pricePerPeriodIncludesVat';
}) {
  const { t } = useTranslation();
  const [cents, isIncluded, vatRate] = useWatch({
    control,
    name: [variantPath(index, amount), variantPath(index, includesVat), 'vatRate'],
  }) as [number | null, boolean, number];
  if (typeof cents !== 'number') return null;
  const split = vatSplit(cents, isIncluded, vatRate);
  return (
    <Text size="xs" c="dimmed" aria-live="polite" data-testid={`vat-split-${index}-${amount}`}>
      {t('subscription.variant.vatSplit', {
        inclVat: formatEuro(split.inclVat),
        exclVat: formatEuro(split.exclVat),
        rate: vatRate,
      })}
    </Text>
  );
}

/** A money field with its includes-VAT switch and both amounts below. */
function MoneyFields({
  control,
  index,
  amount,
  includesVat,
  label,
}: {
  control: FormControl;
  index: number;
  amount: 'oneOffCosts' | 'pricePerPeriod';
  includesVat: 'oneOffCostsIncludesVat' | 'pricePerPeriodIncludesVat';
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Group gap="md" align="flex-end" wrap="nowrap">
        <CentsField control={control} name={variantPath(index, amount)} label={label} required />
        <SwitchField
          control={control}
          name={variantPath(index, includesVat)}
          label={t('subscription.variant.includesVat')}
          aria-label={t('subscription.variant.includesVatOf', { field: label })}
          styles={{ label: { whiteSpace: 'nowrap' } }}
          mb={8}
        />
      </Group>
      <VatSplitText control={control} index={index} amount={amount} includesVat={includesVat} />
    </Stack>
  );
}

/** The access a variant gives: unlimited, so many times per period, or so many times in all. */
function AccessFields({ control, index }: { control: FormControl; index: number }) {
  const { t } = useTranslation();
  const accessType = useWatch({ control, name: variantPath(index, 'accessType') }) as number;
  const amount = useWatch({ control, name: variantPath(index, 'accessPerPeriodAmount') });
  const periodOptions = usePeriodOptions(1);
  const { field: amountField } = useFormField({ control, name: variantPath(index, 'accessPerPeriodAmount') });
  // Unlimited access has no amount: a stale one must not hold up the save (nor is it sent).
  const clearAmount = amountField.onChange;
  useEffect(() => {
    if (accessType === AccessType.Unlimited && amount !== null) clearAmount(null);
  }, [accessType, amount, clearAmount]);

  return (
    <Stack gap="xs">
      <SelectField
        control={control}
        name={variantPath(index, 'accessType')}
        label={t('subscription.variant.accessType')}
        data={Object.values(AccessType).map((value) => ({
          value,
          label: t(`subscription.accessType.${value}`),
        }))}
        required
        maw={280}
      />
      {accessType !== AccessType.Unlimited && (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <NumberField
            control={control}
            name={variantPath(index, 'accessPerPeriodAmount')}
            label={t(
              accessType === AccessType.Limited
                ? 'subscription.variant.accessAmountTotal'
                : 'subscription.variant.accessAmount',
            )}
            required
            min={1}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            suffix={` ${t('subscription.variant.times')}`}
            w={accessType === AccessType.Limited ? 200 : 140}
          />
          {accessType === AccessType.LimitedPerPeriod && (
            <SelectField
              control={control}
              name={variantPath(index, 'accessPerPeriodType')}
              label={t('subscription.variant.accessPeriod')}
              data={periodOptions.map((option) => ({
                ...option,
                label: t('subscription.variant.perPeriod', { period: option.label }),
              }))}
              required
              w={160}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}

interface VariantCardProps {
  control: FormControl;
  index: number;
  /** Removing is possible while the subscription keeps at least one variant. */
  onRemove?: (() => void) | undefined;
}

function VariantCard({ control, index, onRemove }: VariantCardProps) {
  const { t } = useTranslation();
  const name = useWatch({ control, name: variantPath(index, 'name') }) as string;
  const legend = t('subscription.variant.legend', { number: index + 1 });
  return (
    <Fieldset
      legend={
        <Text component="span" fw={700} size="sm">
          {name.trim() ? `${legend}: ${name.trim()}` : legend}
        </Text>
      }
      aria-label={legend}
      radius="md"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
            <TextField
              control={control}
              name={variantPath(index, 'name')}
              label={t('subscription.variant.name')}
              placeholder={t('subscription.variant.namePlaceholder')}
              required
              maxLength={64}
            />
            <NumberField
              control={control}
              name={variantPath(index, 'order')}
              label={t('subscription.fields.order')}
              required
              min={0}
              max={100_000}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              maw={140}
            />
          </SimpleGrid>
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={24}
              aria-label={t('subscription.variant.remove', { number: index + 1 })}
              title={t('subscription.variant.remove', { number: index + 1 })}
              onClick={onRemove}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <MoneyFields
            control={control}
            index={index}
            amount="pricePerPeriod"
            includesVat="pricePerPeriodIncludesVat"
            label={t('subscription.variant.pricePerPeriod')}
          />
          <MoneyFields
            control={control}
            index={index}
            amount="oneOffCosts"
            includesVat="oneOffCostsIncludesVat"
            label={t('subscription.variant.oneOffCosts')}
          />
          <PeriodFields
            control={control}
            index={index}
            amount="paymentPerPeriodAmount"
            type="paymentPerPeriodType"
            label={t('subscription.variant.paymentPeriod')}
            description={t('subscription.variant.paymentPeriodHint')}
          />
          <PeriodFields
            control={control}
            index={index}
            amount="durationPeriodAmount"
            type="durationPeriodType"
            label={t('subscription.variant.duration')}
            description={t('subscription.variant.durationHint')}
          />
          <AccessFields control={control} index={index} />
          <PeriodFields
            control={control}
            index={index}
            amount="noticePeriodAmount"
            type="noticePeriodType"
            label={t('subscription.variant.noticePeriod')}
            description={t('subscription.variant.noticePeriodHint')}
            min={0}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/** The variants: 1 to `MAX_VARIANTS`, added and removed as rows. */
function VariantsSection({ control, errors }: { control: FormControl; errors: unknown }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const orders = useWatch({ control, name: 'variants' }).map((item) => item.order ?? 0);
  const rootError = (errors as { message?: string; root?: { message?: string } } | undefined) ?? undefined;
  const message = rootError?.message ?? rootError?.root?.message;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              {t('subscription.form.variants')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('subscription.form.variantsHint', { max: MAX_VARIANTS })}
            </Text>
          </Stack>
        </Group>
        {fields.map((item, index) => (
          <VariantCard
            key={item.key}
            control={control}
            index={index}
            onRemove={fields.length > 1 ? () => remove(index) : undefined}
          />
        ))}
        {message && (
          <Text size="sm" c="red" role="alert">
            {translateMessage(t, message)}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={fields.length >= MAX_VARIANTS}
            onClick={() => append(newVariant(Math.max(-1, ...orders) + 1))}
          >
            {t('subscription.form.addVariant')}
          </Button>
          {fields.length >= MAX_VARIANTS && (
            <Text size="sm" c="dimmed">
              {t('subscription.form.maxVariants', { max: MAX_VARIANTS })}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

// ------------------------------------------------------------------------------------------ the whole form

interface SubscriptionFieldsProps {
  control: FormControl;
  /** `form.formState.errors.variants`: a rule on the variants as a whole. */
  variantErrors: unknown;
  /** Adds a picked id to a field (a group made in place is picked at once). */
  onPick: (field: 'ageGroupIds' | 'timeSlotGroupIds', id: number) => void;
  /** What the stored subscription names, for picks the gym's lists do not hold. */
  known?: Pick<Subscription, 'locations' | 'ageGroups' | 'timeSlotGroups'> | undefined;
}

/** General data, where and for whom it is offered, and the variants. */
export function SubscriptionFields({ control, variantErrors, onPick, known }: SubscriptionFieldsProps) {
  const { t } = useTranslation();
  const locations = useGymLocations();
  const ageGroups = useAgeGroups();
  const timeSlotGroups = useTimeSlotGroups();
  const [adding, setAdding] = useState<'ageGroup' | 'timeSlotGroup' | null>(null);
  const ageOption = (group: AgeGroup): IdOption => ({ ...group, detail: ageRangeText(t, group) });
  const slotOption = (group: TimeSlotGroup): IdOption => ({ ...group, detail: timeSlotText(t, group) });

  const addButton = (kind: 'ageGroup' | 'timeSlotGroup', label: string): ReactNode => (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconPlus size={14} aria-hidden />}
      onClick={() => setAdding(kind)}
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={2} fz="h4">
            {t('subscription.form.general')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              control={control}
              name="name"
              label={t('subscription.fields.name')}
              placeholder={t('subscription.form.namePlaceholder')}
              required
              maxLength={64}
            />
            <SelectField
              control={control}
              name="type"
              label={t('subscription.fields.type')}
              description={t('subscription.form.typeHint')}
              data={Object.values(SubscriptionType).map((value) => ({
                value,
                label: t(`subscription.type.${value}`),
              }))}
              required
            />
          </SimpleGrid>
          <TextareaField
            control={control}
            name="description"
            label={t('subscription.fields.description')}
            maxLength={1000}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField
              control={control}
              name="vatRate"
              label={t('subscription.fields.vatRate')}
              description={t('subscription.form.vatRateHint')}
              data={VAT_RATES.map((rate) => ({
                value: rate,
                label: t('subscription.form.vatRate', { rate }),
              }))}
              required
            />
            <NumberField
              control={control}
              name="order"
              label={t('subscription.fields.order')}
              description={t('subscription.form.orderHint')}
              required
              min={0}
              max={100_000}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
            />
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={2} fz="h4">
            {t('subscription.form.offer')}
          </Title>
          <IdMultiSelectField
            control={control}
            name="locationIds"
            label={t('subscription.fields.locations')}
            description={t('subscription.form.locationsHint')}
            placeholder={t('subscription.form.locationsPlaceholder')}
            required
            isLoading={locations.isPending}
            options={withKnown(locations.data?.items ?? [], known?.locations ?? [])}
          />
          <Stack gap={4}>
            <IdMultiSelectField
              control={control}
              name="ageGroupIds"
              label={t('subscription.fields.ageGroups')}
              description={t('subscription.form.ageGroupsHint')}
              placeholder={t('subscription.form.everyAge')}
              isLoading={ageGroups.isPending}
              options={withKnown(
                (ageGroups.data?.items ?? []).map(ageOption),
                (known?.ageGroups ?? []).map(ageOption),
              )}
            />
            <Group>{addButton('ageGroup', t('subscription.form.newAgeGroup'))}</Group>
          </Stack>
          <Stack gap={4}>
            <IdMultiSelectField
              control={control}
              name="timeSlotGroupIds"
              label={t('subscription.fields.timeSlotGroups')}
              description={t('subscription.form.timeSlotGroupsHint')}
              placeholder={t('subscription.form.anyTime')}
              isLoading={timeSlotGroups.isPending}
              options={withKnown(
                (timeSlotGroups.data?.items ?? []).map(slotOption),
                (known?.timeSlotGroups ?? []).map(slotOption),
              )}
            />
            <Group>{addButton('timeSlotGroup', t('subscription.form.newTimeSlotGroup'))}</Group>
          </Stack>
        </Stack>
      </Paper>

      <VariantsSection control={control} errors={variantErrors} />

      <NewAgeGroupModal
        opened={adding === 'ageGroup'}
        onClose={() => setAdding(null)}
        onCreated={(group) => onPick('ageGroupIds', group.id)}
      />
      <NewTimeSlotGroupModal
        opened={adding === 'timeSlotGroup'}
        onClose={() => setAdding(null)}
        onCreated={(group) => onPick('timeSlotGroupIds', group.id)}
      />
    </Stack>
  );
}

/** After a failed save: the server's field errors on the fields (`onFormFields`), or the failure as a toast. */
export function showSubscriptionErrors(
  error: unknown,
  setError: UseFormSetError<SubscriptionFormValues>,
  failure: string,
) {
  showSaveErrors(onFormFields(error), setError, subscriptionFormFields, failure);
}
