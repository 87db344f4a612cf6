import { SimpleGrid, Stack } from '@mantine/core';
import { fileUpload, type StoreItem, storeItemFields } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiCallError } from '@/app/api-client';
import { cdnUrl } from '@/app/cdn';
import { applyServerErrors, showFailure } from '@/ui/form-errors';
import { ImageField } from '@/ui/inputs/image-field';
import { NumberField } from '@/ui/inputs/number-field';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { TextareaField } from '@/ui/inputs/textarea-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { useObjectUrl } from '@/ui/use-object-url';
import { useZodForm } from '@/ui/use-zod-form';
import { Wizard, type WizardStep } from '@/ui/wizard';
import { useCreateStoreItem, useUpdateStoreItem } from './api';
import { categories } from './search';
import { StoreItemCard } from './store-item-card';

/** The modal's form: the contract's fields, and the image (a new file; an edited item keeps its own). */
const formSchema = storeItemFields.extend({ image: fileUpload.nullable() });
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const step1 = ['image', 'name', 'storeItemCategory', 'description'] as const;
const step2 = ['cost', 'stock'] as const;
const formFields = [...step1, ...step2, 'imageCdnHash'] as const;

const valuesOf = (item: StoreItem | undefined, category: number | undefined): FormValues => ({
  image: null,
  name: item?.name ?? '',
  description: item?.description ?? '',
  storeItemCategory: item?.storeItemCategory ?? category ?? 0,
  cost: item?.cost ?? null,
  stock: item?.stock ?? null,
});

interface StoreItemModalProps {
  opened: boolean;
  /** The item to edit; a new one when left out. */
  item?: StoreItem | undefined;
  /** An employer's own item (its shop); left out: the platform's (admin). */
  employerId?: number | undefined;
  /** The category a new item starts with (the list's tab). */
  defaultCategory?: number | undefined;
  onClose: () => void;
  onSaved?: (() => void) | undefined;
}

/**
 * The store product modal (spec 000 section 2): step 1 image, name, category, description; step 2 price,
 * stock and a preview of the item as employees see it. Then saving and the confirmation.
 */
export function StoreItemModal({
  opened,
  item,
  employerId,
  defaultCategory,
  onClose,
  onSaved,
}: StoreItemModalProps) {
  const { t } = useTranslation();
  const [savedName, setSavedName] = useState('');
  const isNew = item === undefined;
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      size="large"
      title={isNew ? t('store.modal.addTitle') : t('store.modal.editTitle')}
      successTitle={isNew ? 'store.modal.addedTitle' : 'store.modal.savedTitle'}
      successMessage={t(isNew ? 'store.modal.added' : 'store.modal.saved', { name: savedName })}
      onDone={onSaved}
    >
      <StoreItemWizard
        key={`${item?.id ?? 'new'}-${opened}`}
        item={item}
        employerId={employerId}
        defaultCategory={defaultCategory}
        onSaved={setSavedName}
        onCancel={onClose}
      />
    </ModalFlow>
  );
}

interface StoreItemWizardProps {
  item: StoreItem | undefined;
  employerId: number | undefined;
  defaultCategory: number | undefined;
  onSaved: (name: string) => void;
  onCancel: () => void;
}

/** The two steps over one form; runs inside the `ModalFlow`. */
export function StoreItemWizard({
  item,
  employerId,
  defaultCategory,
  onSaved,
  onCancel,
}: StoreItemWizardProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const create = useCreateStoreItem();
  const update = useUpdateStoreItem();
  const form = useZodForm(formSchema, { defaultValues: valuesOf(item, defaultCategory) });
  const [start, setStart] = useState({ key: 0, step: 0 });
  const file = form.watch('image');
  const fileUrl = useObjectUrl(file);
  const currentHash = item?.imageCdnHash ?? null;
  const watched = form.watch();

  /** A new item needs an image; an edited one keeps its own unless another is chosen. */
  const checkImage = () => {
    if (form.getValues('image') instanceof Blob || currentHash) return true;
    form.setError('image', { type: 'server', message: 'store.errors.imageRequired' });
    return false;
  };

  const submit = (values: FormOutput) =>
    flow.save(async () => {
      const { image, ...fields } = values;
      const chosen = image instanceof Blob ? image : undefined;
      try {
        const saved = item
          ? await update.mutateAsync({
              form: { ...fields, id: item.id, ...(chosen ? { image: chosen } : {}) },
            })
          : await create.mutateAsync({
              form: {
                ...fields,
                ...(chosen ? { image: chosen } : {}),
                ...(employerId !== undefined ? { employerId } : {}),
              },
            });
        onSaved(saved.name);
        return true;
      } catch (error) {
        if (!(error instanceof ApiCallError)) {
          showFailure(error, item ? 'store.modal.saveFailed' : 'store.modal.addFailed');
          return false;
        }
        const { fields: onFields } = applyServerErrors(error.errors, form.setError, formFields);
        if (
          onFields.some((field) => (step1 as readonly string[]).includes(field) || field === 'imageCdnHash')
        )
          setStart((previous) => ({ key: previous.key + 1, step: 0 }));
        return false;
      }
    });

  const toNumber = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const steps: WizardStep<FormValues>[] = [
    {
      label: 'store.modal.steps.product',
      fields: step1,
      onBeforeNext: checkImage,
      content: (
        <Stack gap="md">
          <ImageField
            control={form.control}
            name="image"
            label={t('store.fields.image')}
            required={isNewItem(item)}
            currentHash={currentHash}
            previewSize={140}
          />
          <TextField
            control={form.control}
            name="name"
            label={t('store.fields.name')}
            required
            maxLength={64}
            data-autofocus
          />
          <SelectField
            control={form.control}
            name="storeItemCategory"
            label={t('store.fields.category')}
            required
            allowDeselect={false}
            data={categories.map((value) => ({ value, label: t(`store.category.${value}`) }))}
          />
          <TextareaField
            control={form.control}
            name="description"
            label={t('store.fields.description')}
            required
            autosize
            minRows={3}
            maxLength={512}
          />
        </Stack>
      ),
    },
    {
      label: 'store.modal.steps.price',
      fields: step2,
      content: (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="md">
            <NumberField
              control={form.control}
              name="cost"
              label={t('store.fields.cost')}
              description={t('store.modal.costHint')}
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              suffix=" XP"
            />
            <NumberField
              control={form.control}
              name="stock"
              label={t('store.fields.stock')}
              required
              min={0}
              allowDecimal={false}
              allowNegative={false}
            />
          </Stack>
          <StoreItemCard
            item={{
              name: String(watched.name ?? ''),
              description: String(watched.description ?? ''),
              storeItemCategory: Number(watched.storeItemCategory ?? 0),
              cost: toNumber(watched.cost),
              stock: toNumber(watched.stock),
              imageSrc:
                fileUrl ?? (currentHash ? cdnUrl(currentHash, { w: 600, h: 360, fit: 'crop' }) : null),
            }}
          />
        </SimpleGrid>
      ),
    },
  ];

  return (
    <Wizard
      key={start.key}
      form={form}
      steps={steps}
      initialStep={start.step}
      onSubmit={submit}
      onCancel={onCancel}
      submitLabel={item ? 'store.modal.save' : 'store.modal.add'}
    />
  );
}

const isNewItem = (item: StoreItem | undefined) => item === undefined;
