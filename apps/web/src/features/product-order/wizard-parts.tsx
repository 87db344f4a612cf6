import { Box, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { type CatalogueProduct, type CatalogueSupplier, ProductSalesUnit } from '@xp/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/app/cdn';
import { formatEuro } from '@/ui/money';
import type { OrderFormOutput, OrderFormValues } from './wizard-form';

export type OrderForm = UseFormReturn<OrderFormValues, unknown, OrderFormOutput>;

/** The options of a numbered enum, labelled by `productOrder.<group>.<value>`. */
export function useOptions(group: string, values: Record<string, number>) {
  const { t } = useTranslation();
  return Object.values(values).map((value) => ({ value, label: t(`productOrder.${group}.${value}`) }));
}

/** A catalogue product with its supplier's name. */
export interface ChosenProduct extends CatalogueProduct {
  supplierName: string;
}

export const productsOf = (catalogue: readonly CatalogueSupplier[] | undefined): ChosenProduct[] =>
  (catalogue ?? []).flatMap((supplier) =>
    supplier.products.map((product) => ({ ...product, supplierName: supplier.name })),
  );

export function ProductImage({ product, size }: { product: ChosenProduct; size: number }) {
  const { t } = useTranslation();
  return product.imageHash ? (
    <Image
      src={cdnUrl(product.imageHash, { w: size * 2, h: size * 2, fit: 'crop' })}
      alt={t('productOrder.wizard.product.imageAlt', { name: product.name })}
      w={size}
      h={size}
      radius="sm"
      fit="cover"
    />
  ) : (
    <Box
      w={size}
      h={size}
      bg="gray.1"
      style={{ borderRadius: 4, display: 'grid', placeItems: 'center', flex: 'none' }}
    >
      <IconPhoto size={size / 2} aria-hidden color="var(--mantine-color-gray-5)" />
    </Box>
  );
}

/** 'per maand' after a monthly product's price. */
export function PriceLines({ product }: { product: ChosenProduct }) {
  const { t } = useTranslation();
  const perMonth =
    product.productSalesUnit === ProductSalesUnit.Monthly
      ? ` ${t('productOrder.wizard.product.perMonth')}`
      : '';
  return (
    <Stack gap={0} align="flex-end" style={{ whiteSpace: 'nowrap' }}>
      <Text fw={700} size="sm">
        {t('productOrder.wizard.product.inclVat', { amount: formatEuro(product.salePriceInclVat) })}
        {perMonth}
      </Text>
      <Text size="xs" c="dimmed">
        {t('productOrder.wizard.product.exclVat', { amount: formatEuro(product.salePriceExclVat) })}
      </Text>
    </Stack>
  );
}
