import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import {
  FITNESS_PRODUCT_DESCRIPTION_MAX,
  FITNESS_PRODUCT_MAX_IMAGES,
  FITNESS_PRODUCT_NAME_MAX,
  type FitnessProductEdit,
  type FitnessProductImageSlot,
  fitnessProductDefaults,
  fitnessProductFields,
} from '@xp/contracts';
import { ProductVersionStatus } from '@xp/contracts/enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiCallError } from '@/app/api-client';
import { applyServerErrors, errorsOf, showFailure } from '@/ui/form-errors';
import { CentsField } from '@/ui/inputs/currency-input';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { TextareaField } from '@/ui/inputs/textarea-field';
import { ModalFlow, useModalFlow } from '@/ui/modal-flow';
import { ModalForm } from '@/ui/modal-form';
import { ErrorState } from '@/ui/states';
import { useZodForm } from '@/ui/use-zod-form';
import { useCreateProduct, useProductForEdit, useUpdateProduct } from './api';
import { durations, numberTypes, optionsOf, salesUnits, vatRates } from './format';
import { type ProductImageItem, ProductImagesField } from './product-images-field';

/** The contract's product fields, and the ordered images (kept ones by hash, new ones as files). */
const formSchema = fitnessProductFields.extend({
  images: z
    .array(z.custom<ProductImageItem>())
    .min(1, 'fitnessProduct.errors.imageRequired')
    .max(FITNESS_PRODUCT_MAX_IMAGES, 'fitnessProduct.errors.tooManyImages'),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const formFields = [
  'name',
  'description',
  'numberType',
  'purchasePrice',
  'btwPercentage',
  'productSalesUnit',
  'productDuration',
  'images',
] as const;

/** The supplier cannot add or change products: none active, or one the platform has not accepted (yet). */
const NOT_ACTIVE = 'supplier.errors.notActive';

const valuesOf = (product: FitnessProductEdit | undefined): FormValues => ({
  name: product?.name ?? '',
  description: product?.description ?? '',
  numberType: product?.numberType ?? null,
  purchasePrice: product?.purchasePrice ?? null,
  btwPercentage: product?.btwPercentage ?? fitnessProductDefaults.btwPercentage,
  productSalesUnit: product?.productSalesUnit ?? fitnessProductDefaults.productSalesUnit,
  productDuration: product?.productDuration ?? fitnessProductDefaults.productDuration,
  images: [...(product?.images ?? [])]
    .sort((a, b) => a.order - b.order)
    .map((image) => ({ key: `stored-${image.id}`, hash: image.imageHash, fileName: image.fileName })),
});

/** The images as the form endpoint takes them: the new files, and the order naming kept and new ones. */
export function imagePartsOf(images: readonly ProductImageItem[]) {
  const files: File[] = [];
  const order: FitnessProductImageSlot[] = images.map((image) => {
    if (image.file === undefined) return { imageHash: image.hash };
    files.push(image.file);
    return { newImage: files.length - 1 };
  });
  return { images: files, imageOrder: JSON.stringify(order) };
}

interface ProductFormModalProps {
  opened: boolean;
  /** The product to change; a new one when left out. */
  productId?: number | undefined;
  /**
   * Why the supplier cannot add or change products now (no active supplier, or one still awaiting the
   * platform): the form says so and sends nothing.
   */
  blockedReason?: string | undefined;
  onClose: () => void;
  /** After the confirmation closes. */
  onSaved?: (() => void) | undefined;
}

/**
 * The add and edit fitness product modals (spec 000 section 2): the product's fields and images; saving
 * sends it to the platform for approval, which the confirmation says.
 */
export function ProductFormModal({
  opened,
  productId,
  blockedReason,
  onClose,
  onSaved,
}: ProductFormModalProps) {
  const { t } = useTranslation();
  const isNew = productId === undefined;
  const product = useProductForEdit(opened ? productId : undefined);
  const [savedName, setSavedName] = useState('');
  return (
    <ModalFlow
      opened={opened}
      onClose={onClose}
      size="large"
      title={isNew ? t('fitnessProduct.form.addTitle') : t('fitnessProduct.form.editTitle')}
      successTitle="fitnessProduct.form.sentTitle"
      successMessage={t(isNew ? 'fitnessProduct.form.sentNew' : 'fitnessProduct.form.sentChange', {
        name: savedName,
      })}
      onDone={onSaved}
      isLoading={!isNew && product.isPending}
    >
      {!isNew && product.isError ? (
        <ErrorState message="fitnessProduct.form.fetchFailed" onRetry={() => void product.refetch()} />
      ) : (
        <ProductForm
          key={`${productId ?? 'new'}-${product.dataUpdatedAt}`}
          product={isNew ? undefined : product.data}
          blockedReason={blockedReason}
          onSaved={setSavedName}
          onCancel={onClose}
        />
      )}
    </ModalFlow>
  );
}

interface ProductFormProps {
  product: FitnessProductEdit | undefined;
  blockedReason: string | undefined;
  onSaved: (name: string) => void;
  onCancel: () => void;
}

/** The form inside the `ModalFlow`. */
export function ProductForm({ product, blockedReason, onSaved, onCancel }: ProductFormProps) {
  const { t } = useTranslation();
  const flow = useModalFlow();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const form = useZodForm(formSchema, { defaultValues: valuesOf(product) });
  const { control } = form;
  // Told by the server (409) when the supplier is not (or no longer) Active.
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const blocked = blockedReason ?? refusal;
  const name = form.watch('name') ?? '';
  const description = form.watch('description') ?? '';

  const submit = form.handleSubmit((values: FormOutput) => {
    if (blocked) return;
    return flow.save(async () => {
      const { images, ...fields } = values;
      const parts = imagePartsOf(images);
      try {
        const saved = product
          ? await update.mutateAsync({ form: { ...fields, ...parts, id: product.id } })
          : await create.mutateAsync({ form: { ...fields, ...parts } });
        onSaved(saved.version.name);
        return true;
      } catch (error) {
        if (!(error instanceof ApiCallError)) {
          showFailure(error, 'fitnessProduct.form.saveFailed');
          return false;
        }
        const errors = errorsOf(error);
        const notActive = errors.find((entry) => entry.message === NOT_ACTIVE);
        if (notActive) {
          setRefusal(NOT_ACTIVE);
          return false;
        }
        // The order of the images is the images field's.
        applyServerErrors(
          errors.map((entry) => (entry.key === 'imageOrder' ? { ...entry, key: 'images' } : entry)),
          form.setError,
          formFields,
        );
        return false;
      }
    });
  });

  const counter = (length: number, max: number) => (
    <Text span size="xs" c={length > max ? 'red' : 'dimmed'}>
      {t('fitnessProduct.form.characters', { count: length, max })}
    </Text>
  );

  return (
    <ModalForm
      onSubmit={(event) => void submit(event)}
      label={product ? t('fitnessProduct.form.editTitle') : t('fitnessProduct.form.addTitle')}
      onCancel={onCancel}
      submitLabel="fitnessProduct.form.submit"
    >
      <Stack gap="md">
        {blocked && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {t(blocked === NOT_ACTIVE ? 'fitnessProduct.form.notActive' : blocked)}
          </Alert>
        )}
        {product?.status === ProductVersionStatus.Denied && (
          <Alert color="red" title={t('fitnessProduct.form.deniedTitle')}>
            {product.denyReason ?? ''}
          </Alert>
        )}
        {product?.status === ProductVersionStatus.Awaiting && (
          <Alert color="blue" icon={<IconClockHour4 size={18} aria-hidden />}>
            {t(
              product.hasAcceptedVersion
                ? 'fitnessProduct.form.pendingChange'
                : 'fitnessProduct.form.pendingNew',
            )}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('fitnessProduct.form.approvalNote')}
        </Text>
        <TextField
          control={control}
          name="name"
          label={t('fitnessProduct.fields.name')}
          description={counter(name.length, FITNESS_PRODUCT_NAME_MAX)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          data-autofocus
        />
        <TextareaField
          control={control}
          name="description"
          label={t('fitnessProduct.fields.description')}
          description={counter(description.length, FITNESS_PRODUCT_DESCRIPTION_MAX)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          minRows={3}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField
            control={control}
            name="numberType"
            label={t('fitnessProduct.fields.numberType')}
            placeholder={t('fitnessProduct.form.choose')}
            required
            data={optionsOf(t, 'numberType', numberTypes)}
          />
          <CentsField
            control={control}
            name="purchasePrice"
            label={t('fitnessProduct.fields.purchasePrice')}
            description={t('fitnessProduct.form.purchasePriceHint')}
            required
            min={0}
          />
          <SelectField
            control={control}
            name="btwPercentage"
            label={t('fitnessProduct.fields.vat')}
            required
            data={optionsOf(t, 'vatRate', vatRates)}
          />
          <SelectField
            control={control}
            name="productSalesUnit"
            label={t('fitnessProduct.fields.salesUnit')}
            required
            data={optionsOf(t, 'salesUnit', salesUnits)}
          />
          <SelectField
            control={control}
            name="productDuration"
            label={t('fitnessProduct.fields.duration')}
            required
            data={optionsOf(t, 'duration', durations)}
          />
        </SimpleGrid>
        <ProductImagesField
          control={control}
          name="images"
          label={t('fitnessProduct.fields.images')}
          description={t('fitnessProduct.images.orderHint')}
          required
        />
      </Stack>
    </ModalForm>
  );
}
