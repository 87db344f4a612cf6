import { Group, Radio, SimpleGrid, Stack } from '@mantine/core';
import {
  ElevatorOnLocation,
  Floor,
  IFitOption,
  PersonalTrainerDuration,
  ProductNumberType,
} from '@xp/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '@/ui/inputs/address-fields';
import { RadioField } from '@/ui/inputs/radio-field';
import { SelectField } from '@/ui/inputs/select-field';
import { TextareaField } from '@/ui/inputs/textarea-field';
import { type ChosenProduct, type OrderForm, useOptions } from './wizard-parts';

// --------------------------------------------------------------------------------------------- delivery

/** Step 3: where and how it is delivered, and the product's own option (iFit, personal-trainer term). */
export function DeliveryStep({ form, product }: { form: OrderForm; product: ChosenProduct | undefined }) {
  const { t } = useTranslation();
  const same = useWatch({ control: form.control, name: 'deliverySameAsRegular' });
  const floors = useOptions('floor', Floor);
  const elevator = useOptions('elevator', ElevatorOnLocation);
  const iFit = useOptions('iFitOption', IFitOption);
  const durations = useOptions('personalTrainerDuration', PersonalTrainerDuration);
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('productOrder.wizard.delivery.sameAsRegular')}
        value={same ? 'same' : 'other'}
        onChange={(value) => form.setValue('deliverySameAsRegular', value === 'same', { shouldDirty: true })}
      >
        <Group gap="md" mt="xs">
          <Radio value="same" label={t('productOrder.wizard.delivery.same')} />
          <Radio value="other" label={t('productOrder.wizard.delivery.other')} />
        </Group>
      </Radio.Group>
      {!same && <AddressFields control={form.control} prefix="delivery" />}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <SelectField
          control={form.control}
          name="floor"
          label={t('productOrder.wizard.delivery.floor')}
          data={floors}
        />
        <RadioField
          control={form.control}
          name="elevatorOnLocation"
          label={t('productOrder.wizard.delivery.elevator')}
          data={elevator}
        />
      </SimpleGrid>
      {product?.numberType === ProductNumberType.EquipmentWithIFit && (
        <RadioField
          control={form.control}
          name="iFitOption"
          label={t('productOrder.wizard.delivery.iFitOption')}
          data={iFit}
          required
        />
      )}
      {product?.numberType === ProductNumberType.PersonalTrainer && (
        <RadioField
          control={form.control}
          name="personalTrainerDuration"
          label={t('productOrder.wizard.delivery.personalTrainerDuration')}
          data={durations}
          required
        />
      )}
      <TextareaField
        control={form.control}
        name="particularities"
        label={t('productOrder.wizard.delivery.particularities')}
        placeholder={t('productOrder.wizard.delivery.particularitiesPlaceholder')}
        maxLength={1000}
      />
    </Stack>
  );
}
