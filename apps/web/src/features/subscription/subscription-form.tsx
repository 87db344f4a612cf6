import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  type AgeGroup,
  type Subscription,
  SubscriptionType,
  type TimeSlotGroup,
  VAT_RATES,
} from '@xp/contracts';
import { type ReactNode, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveErrors } from '@/ui/form-errors';
import { NumberField } from '@/ui/inputs/number-field';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { TextareaField } from '@/ui/inputs/textarea-field';
import { useAgeGroups, useGymLocations, useTimeSlotGroups } from './api';
import { ageRangeText, NewAgeGroupModal, NewTimeSlotGroupModal, timeSlotText } from './group-forms';
import { IdMultiSelectField, type IdOption, withKnown } from './subscription-inputs';
import {
  type FormControl,
  onFormFields,
  type SubscriptionFormValues,
  subscriptionFormFields,
} from './subscription-values';
import { VariantsSection } from './subscription-variants';

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
