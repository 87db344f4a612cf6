import { ActionIcon, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { AccessType, MAX_VARIANTS, vatSplit } from '@xp/contracts';
import { useEffect } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/ui/inputs/number-field';
import { SelectField } from '@/ui/inputs/select-field';
import { SwitchField } from '@/ui/inputs/switch-field';
import { TextField } from '@/ui/inputs/text-field';
import { useFormField } from '@/ui/inputs/use-form-field';
import { translateMessage } from '@/ui/translate';
import { formatEuro } from './format';
import { CentsField, PeriodFields, usePeriodOptions } from './subscription-inputs';
import { type FormControl, newVariant, variantPath } from './subscription-values';

// ---------------------------------------------------------------------------------------------- a variant

/** '€ 49,00 incl. btw · € 44,95 excl. btw', live as the amount, its VAT flag or the rate change. */
export function VatSplitText({
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
export function MoneyFields({
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
export function AccessFields({ control, index }: { control: FormControl; index: number }) {
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

export interface VariantCardProps {
  control: FormControl;
  index: number;
  /** Removing is possible while the subscription keeps at least one variant. */
  onRemove?: (() => void) | undefined;
}

export function VariantCard({ control, index, onRemove }: VariantCardProps) {
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
export function VariantsSection({ control, errors }: { control: FormControl; errors: unknown }) {
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
