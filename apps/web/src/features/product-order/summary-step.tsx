import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { fullNameOf, type Member, ProductNumberType, ProductSalesUnit } from '@xp/contracts';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Facts } from '@/ui/facts';
import { formatEuro } from '@/ui/money';
import { orderAmounts } from './format';
import type { CustomerField, OrderFormValues } from './wizard-form';
import { type ChosenProduct, type OrderForm, ProductImage } from './wizard-parts';

// ---------------------------------------------------------------------------------------------- summary

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A form value typed as text (the contract's preprocessed fields take `unknown`). */
export const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const addressLine = (
  street?: string | null,
  houseNumber?: string | null,
  postalCode?: string | null,
  city?: string | null,
) =>
  [[street, houseNumber].filter(Boolean).join(' '), [postalCode, city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

/** Step 5: everything chosen, the price with and without VAT; 'Bestellen' places it. */
export function SummaryStep({
  form,
  product,
  member,
}: {
  form: OrderForm;
  product: ChosenProduct | undefined;
  member: Member | null;
}) {
  const { t } = useTranslation();
  const values = useWatch({ control: form.control }) as OrderFormValues;
  if (!product) return null;
  const given = (field: CustomerField) => {
    const own = text(values[field]).trim();
    return own || (values.customerKind === 'member' ? (member?.[field] ?? '') : '');
  };
  const customer = {
    name: fullNameOf({
      firstName: given('firstName'),
      insertion: given('insertion'),
      lastName: given('lastName'),
    }),
    address: addressLine(given('street'), given('houseNumber'), given('postalCode'), given('city')),
  };
  const quantity = Number(values.quantity) || 1;
  const amounts = orderAmounts(product.salePriceExclVat, quantity, product.vatPercentage);
  const monthly = product.productSalesUnit === ProductSalesUnit.Monthly;
  const amount = (cents: number) =>
    monthly ? t('productOrder.wizard.summary.perMonth', { amount: formatEuro(cents) }) : formatEuro(cents);
  const option =
    product.numberType === ProductNumberType.EquipmentWithIFit &&
    values.iFitOption !== null &&
    values.iFitOption !== undefined
      ? ([t('productOrder.detail.iFitOption'), t(`productOrder.iFitOption.${values.iFitOption}`)] as const)
      : product.numberType === ProductNumberType.PersonalTrainer &&
          values.personalTrainerDuration !== null &&
          values.personalTrainerDuration !== undefined
        ? ([
            t('productOrder.detail.personalTrainerDuration'),
            t(`productOrder.personalTrainerDuration.${values.personalTrainerDuration}`),
          ] as const)
        : null;
  return (
    <Stack gap="md">
      <Text size="sm">{t('productOrder.wizard.summary.intro')}</Text>
      <Section title={t('productOrder.wizard.steps.product')}>
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ProductImage product={product} size={64} />
          <Stack gap={2} style={{ flex: 1 }}>
            <Text fw={600}>{product.name}</Text>
            <Text size="sm" c="dimmed">
              {product.supplierName}
            </Text>
            <Text size="sm">
              {t('productOrder.detail.quantity')}: {quantity}
            </Text>
          </Stack>
        </Group>
        <Table mt="sm" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t('productOrder.wizard.summary.priceExclVat')}</Table.Td>
              <Table.Td ta="right">{amount(amounts.exclVat)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>
                {t('productOrder.wizard.summary.vat', { percentage: product.vatPercentage })}
              </Table.Td>
              <Table.Td ta="right">{amount(amounts.vat)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td fw={700}>{t('productOrder.wizard.summary.priceInclVat')}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {amount(amounts.inclVat)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={t('productOrder.wizard.steps.customer')}>
        <Facts
          rows={[
            [t('productOrder.detail.name'), customer.name],
            [
              t('productOrder.detail.customer'),
              values.customerKind === 'member'
                ? t('productOrder.detail.member')
                : t('productOrder.detail.newCustomer'),
            ],
            [t('productOrder.detail.address'), customer.address],
            [t('productOrder.detail.email'), given('email')],
            Boolean(given('phoneNumber')) && [t('productOrder.detail.phone'), given('phoneNumber')],
            values.customerKind === 'new' &&
              Boolean(values.language) && [
                t('productOrder.detail.language'),
                t(`productOrder.language.${values.language}`),
              ],
          ]}
        />
      </Section>
      <Section title={t('productOrder.wizard.steps.delivery')}>
        <Facts
          rows={[
            [
              t('productOrder.detail.deliveryAddress'),
              values.deliverySameAsRegular
                ? `${t('productOrder.detail.sameAsRegular')} (${customer.address})`
                : addressLine(
                    text(values.deliveryStreet),
                    text(values.deliveryHouseNumber),
                    text(values.deliveryPostalCode),
                    text(values.deliveryCity),
                  ),
            ],
            [t('productOrder.detail.floor'), t(`productOrder.floor.${values.floor ?? 0}`)],
            [t('productOrder.detail.elevator'), t(`productOrder.elevator.${values.elevatorOnLocation ?? 2}`)],
            option,
            Boolean(text(values.particularities).trim()) && [
              t('productOrder.detail.particularities'),
              text(values.particularities),
            ],
          ]}
        />
      </Section>
      <Section title={t('productOrder.wizard.steps.payment')}>
        <Facts
          rows={[
            values.paymentFrequency !== null &&
              values.paymentFrequency !== undefined && [
                t('productOrder.detail.paymentFrequency'),
                t(`productOrder.paymentFrequency.${values.paymentFrequency}`),
              ],
            values.paymentMethod !== null &&
              values.paymentMethod !== undefined && [
                t('productOrder.detail.paymentMethod'),
                t(`productOrder.paymentMethod.${values.paymentMethod}`),
              ],
          ]}
        />
      </Section>
    </Stack>
  );
}
