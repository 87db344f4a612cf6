import { Badge, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { CatalogueSupplier } from '@xp/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '@/ui/inputs/number-field';
import { useFormField } from '@/ui/inputs/use-form-field';
import { ErrorState } from '@/ui/states';
import { type ChosenProduct, type OrderForm, PriceLines, ProductImage, productsOf } from './wizard-parts';

// ---------------------------------------------------------------------------------------------- product

export interface ProductStepProps {
  form: OrderForm;
  catalogue: {
    data: readonly CatalogueSupplier[] | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  onChoose: (product: ChosenProduct) => void;
}

/** Step 1: a product of the catalogue (searched on product, supplier and description), and the quantity. */
export function ProductStep({ form, catalogue, onChoose }: ProductStepProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { field, error } = useFormField({ control: form.control, name: 'productId' });
  const products = useMemo(() => productsOf(catalogue.data), [catalogue.data]);
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = products.filter((product) => {
    const text = `${product.name} ${product.supplierName} ${product.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  if (catalogue.isError)
    return (
      <ErrorState
        message="productOrder.wizard.product.fetchFailed"
        onRetry={() => void catalogue.refetch()}
      />
    );
  if (catalogue.isPending) return <Loader size="sm" aria-label={t('ui.loading')} />;
  if (products.length === 0) return <Text c="dimmed">{t('productOrder.wizard.product.empty')}</Text>;
  return (
    <Stack gap="md">
      <TextInput
        label={t('productOrder.wizard.product.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
      />
      <Radio.Group
        label={t('productOrder.wizard.steps.product')}
        withAsterisk
        error={error}
        value={field.value === null || field.value === undefined ? null : String(field.value)}
        onChange={(value) => {
          const product = products.find((candidate) => String(candidate.id) === value);
          if (product) onChoose(product);
        }}
      >
        <Stack gap="xs" mt="xs">
          {shown.length === 0 && (
            <Text c="dimmed" size="sm">
              {t('productOrder.wizard.product.noResults')}
            </Text>
          )}
          {shown.map((product) => (
            <Radio.Card key={product.id} value={String(product.id)} p="sm" radius="md">
              <Group wrap="nowrap" gap="md" align="center">
                <Radio.Indicator />
                <ProductImage product={product} size={56} />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {product.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {product.supplierName}
                  </Text>
                  <Group gap={6}>
                    <Badge size="xs" variant="light" color="gray">
                      {t(`productOrder.numberType.${product.numberType}`)}
                    </Badge>
                  </Group>
                </Stack>
                <PriceLines product={product} />
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <NumberField
        control={form.control}
        name="quantity"
        label={t('productOrder.wizard.product.quantity')}
        required
        min={1}
        max={100}
        allowDecimal={false}
        w={160}
      />
    </Stack>
  );
}
