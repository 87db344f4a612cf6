import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  CopyButton,
  Grid,
  Group,
  Image,
  Loader,
  Paper,
  Radio,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconCopy, IconPhoto, IconSearch } from '@tabler/icons-react';
import {
  type CatalogueProduct,
  type CatalogueSupplier,
  ElevatorOnLocation,
  Floor,
  fullNameOf,
  IFitOption,
  languages,
  type Member,
  OrderPaymentMethod,
  PaymentFrequency,
  PersonalTrainerDuration,
  ProductNumberType,
  type ProductOrder,
  ProductSalesUnit,
} from '@xp/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cdnUrl } from '@/app/cdn';
import { SEARCH_DEBOUNCE_MS } from '@/ui/generic-list';
import { AddressFields } from '@/ui/inputs/address-fields';
import { NumberField } from '@/ui/inputs/number-field';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { TextareaField } from '@/ui/inputs/textarea-field';
import { useFormField } from '@/ui/inputs/use-form-field';
import { formatEuro } from '@/ui/money';
import { ErrorState } from '@/ui/states';
import { svgDataUrl, useQrSvg } from '@/ui/use-qr-svg';
import { useMemberSearch } from './api';
import { orderAmounts } from './format';
import { RadioField } from './radio-field';
import type { CustomerField, OrderFormOutput, OrderFormValues } from './wizard-form';

type OrderForm = UseFormReturn<OrderFormValues, unknown, OrderFormOutput>;

/** The options of a numbered enum, labelled by `productOrder.<group>.<value>`. */
function useOptions(group: string, values: Record<string, number>) {
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

function ProductImage({ product, size }: { product: ChosenProduct; size: number }) {
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
function PriceLines({ product }: { product: ChosenProduct }) {
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

// ---------------------------------------------------------------------------------------------- product

interface ProductStepProps {
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

// --------------------------------------------------------------------------------------------- customer

const customerFieldSpan: Record<CustomerField, number> = {
  firstName: 5,
  insertion: 2,
  lastName: 5,
  street: 8,
  houseNumber: 4,
  postalCode: 4,
  city: 8,
  email: 6,
  phoneNumber: 6,
};
const customerFieldLabel: Record<CustomerField, string> = {
  firstName: 'productOrder.wizard.customer.firstName',
  insertion: 'productOrder.wizard.customer.insertion',
  lastName: 'productOrder.wizard.customer.lastName',
  street: 'ui.address.street',
  houseNumber: 'ui.address.houseNumber',
  postalCode: 'ui.address.postalCode',
  city: 'ui.address.city',
  email: 'productOrder.wizard.customer.email',
  phoneNumber: 'productOrder.wizard.customer.phoneNumber',
};
const customerFieldMax: Record<CustomerField, number> = {
  firstName: 64,
  insertion: 32,
  lastName: 64,
  street: 128,
  houseNumber: 16,
  postalCode: 7,
  city: 64,
  email: 254,
  phoneNumber: 20,
};
const autoComplete: Partial<Record<CustomerField, string>> = {
  firstName: 'off',
  lastName: 'off',
  street: 'off',
  postalCode: 'off',
  email: 'off',
};

function CustomerFields({
  form,
  fields,
  required,
}: {
  form: OrderForm;
  fields: readonly CustomerField[];
  required: readonly CustomerField[];
}) {
  const { t } = useTranslation();
  return (
    <Grid gap="md">
      {fields.map((field) => (
        <Grid.Col key={field} span={{ base: 12, xs: customerFieldSpan[field] }}>
          <TextField
            control={form.control}
            name={field}
            label={t(customerFieldLabel[field])}
            required={required.includes(field)}
            maxLength={customerFieldMax[field]}
            autoComplete={autoComplete[field]}
            type={field === 'email' ? 'email' : field === 'phoneNumber' ? 'tel' : 'text'}
          />
        </Grid.Col>
      ))}
    </Grid>
  );
}

const allCustomerFields: readonly CustomerField[] = [
  'firstName',
  'insertion',
  'lastName',
  'street',
  'houseNumber',
  'postalCode',
  'city',
  'email',
  'phoneNumber',
];
const requiredOfNew: readonly CustomerField[] = [
  'firstName',
  'lastName',
  'street',
  'houseNumber',
  'postalCode',
  'city',
  'email',
];

interface CustomerStepProps {
  form: OrderForm;
  member: Member | null;
  memberState: 'idle' | 'loading' | 'failed';
  onPickMember: (id: number) => void;
  onKindChange: () => void;
}

/**
 * Step 2: a member of the location (searched) or a new customer. A member lacking address or contact data
 * gets those fields, required (spec 001 section 5).
 */
export function CustomerStep({ form, member, memberState, onPickMember, onKindChange }: CustomerStepProps) {
  const { t } = useTranslation();
  const [kind, missing] = useWatch({ control: form.control, name: ['customerKind', 'memberMissing'] });
  const languageOptions = languages.map((value) => ({ value, label: t(`productOrder.language.${value}`) }));
  return (
    <Stack gap="md">
      <RadioField
        control={form.control}
        name="customerKind"
        label={t('productOrder.wizard.customer.kind')}
        data={[
          { value: 'member', label: t('productOrder.wizard.customer.member') },
          { value: 'new', label: t('productOrder.wizard.customer.new') },
        ]}
        onValueChange={onKindChange}
      />
      {kind === 'member' ? (
        <Stack gap="md">
          <MemberPicker form={form} member={member} onPick={onPickMember} />
          {memberState === 'loading' && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t('productOrder.wizard.customer.loadingMember')}</Text>
            </Group>
          )}
          {memberState === 'failed' && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
              {t('productOrder.wizard.customer.memberFailed')}
            </Alert>
          )}
          {member && memberState === 'idle' && (
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <MemberCard member={member} />
                {missing.length > 0 ? (
                  <>
                    <Alert color="orange" icon={<IconAlertCircle size={18} aria-hidden />}>
                      {t('productOrder.wizard.customer.missing')}
                    </Alert>
                    <CustomerFields form={form} fields={missing} required={missing} />
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('productOrder.wizard.customer.complete')}
                  </Text>
                )}
              </Stack>
            </Paper>
          )}
        </Stack>
      ) : (
        <Stack gap="md">
          <CustomerFields form={form} fields={allCustomerFields} required={requiredOfNew} />
          <SelectField
            control={form.control}
            name="language"
            label={t('productOrder.wizard.customer.language')}
            data={languageOptions}
            w={240}
          />
        </Stack>
      )}
    </Stack>
  );
}

function MemberCard({ member }: { member: Member }) {
  const address = [
    [member.street, member.houseNumber].filter(Boolean).join(' '),
    [member.postalCode, member.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap={2}>
      <Text fw={600}>{member.fullName}</Text>
      {address && <Text size="sm">{address}</Text>}
      {(member.email || member.phoneNumber) && (
        <Text size="sm" c="dimmed">
          {[member.email, member.phoneNumber].filter(Boolean).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

function MemberPicker({
  form,
  member,
  onPick,
}: {
  form: OrderForm;
  member: Member | null;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { field, error } = useFormField({ control: form.control, name: 'memberId' });
  const members = useMemberSearch(debounced, true);
  const items = members.data?.items ?? [];
  return (
    <Stack gap="xs">
      <TextInput
        label={t('productOrder.wizard.customer.searchMember')}
        placeholder={t('productOrder.wizard.customer.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={members.isFetching ? <Loader size="xs" /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
      />
      <Radio.Group
        label={t('productOrder.wizard.customer.member')}
        withAsterisk
        error={error}
        value={field.value === null || field.value === undefined ? null : String(field.value)}
        onChange={(value) => onPick(Number(value))}
      >
        <ScrollArea.Autosize mah={260} mt="xs" type="auto">
          <Stack gap={6}>
            {members.isError && (
              <Text size="sm" c="red">
                {t('productOrder.wizard.customer.memberFailed')}
              </Text>
            )}
            {!members.isPending && items.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('listview.no-results')}
              </Text>
            )}
            {items.map((item) => (
              <Radio.Card key={item.id} value={String(item.id)} p="xs" radius="md">
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator size="sm" />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {item.fullName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[item.email, [item.postalCode, item.city].filter(Boolean).join(' ')]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
            {member && !items.some((item) => item.id === member.id) && (
              <Radio.Card value={String(member.id)} p="xs" radius="md">
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator size="sm" />
                  <Text size="sm" fw={600}>
                    {member.fullName}
                  </Text>
                </Group>
              </Radio.Card>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Radio.Group>
    </Stack>
  );
}

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

// ---------------------------------------------------------------------------------------------- payment

/** Step 4: per month or in advance; iDEAL (a pay link for the customer) or on invoice. */
export function PaymentStep({ form }: { form: OrderForm }) {
  const { t } = useTranslation();
  const method = useWatch({ control: form.control, name: 'paymentMethod' });
  const frequencies = useOptions('paymentFrequency', PaymentFrequency);
  const methods = useOptions('paymentMethod', OrderPaymentMethod);
  return (
    <Stack gap="lg">
      <RadioField
        control={form.control}
        name="paymentFrequency"
        label={t('productOrder.wizard.payment.frequency')}
        data={frequencies}
        required
      />
      <RadioField
        control={form.control}
        name="paymentMethod"
        label={t('productOrder.wizard.payment.method')}
        data={methods}
        required
      />
      {method !== null && method !== undefined && (
        <Text size="sm" c="dimmed">
          {t(
            Number(method) === OrderPaymentMethod.IDeal
              ? 'productOrder.wizard.payment.idealHelp'
              : 'productOrder.wizard.payment.invoiceHelp',
          )}
        </Text>
      )}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------- summary

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Label-value rows of a summary or detail section (a description list). */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode] | null | false)[] }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: 'minmax(140px, 40%) 1fr', gap: '6px 16px' }}
    >
      {rows
        .filter((row): row is readonly [string, ReactNode] => Boolean(row))
        .map(([label, value]) => (
          <Box key={label} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Box>
        ))}
    </Box>
  );
}

/** A form value typed as text (the contract's preprocessed fields take `unknown`). */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const addressLine = (
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

// ---------------------------------------------------------------------------------------------- success

/** The pay link to hand to the customer: the link, copy, open, and its QR code. */
export function PayLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const svg = useQrSvg(url);
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      {svg ? (
        <Image src={svgDataUrl(svg)} alt={t('productOrder.detail.qrCode')} w={160} h={160} />
      ) : (
        <Box w={160} h={160} />
      )}
      <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
        <Anchor href={url} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Anchor>
        <Group gap="xs">
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="default"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? t('productOrder.detail.copied') : t('productOrder.detail.copyLink')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Group>
  );
}

/** Step 6: the follow number and, for iDEAL, the pay link with its QR code. */
export function SuccessStep({
  order,
  onOpen,
  onAnother,
  onClose,
}: {
  order: ProductOrder;
  onOpen: () => void;
  onAnother: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isIdeal = order.paymentMethod === OrderPaymentMethod.IDeal;
  return (
    <Stack gap="md">
      <Alert
        color="green"
        icon={<IconCheck size={18} aria-hidden />}
        title={t('productOrder.wizard.success.title')}
      >
        {t('productOrder.wizard.success.message', {
          number: order.followNumber,
          supplier: order.supplierName,
        })}
      </Alert>
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed">
          {t('productOrder.wizard.success.followNumber')}
        </Text>
        <Text fz={28} fw={700} ff="monospace">
          {order.followNumber}
        </Text>
      </Paper>
      {isIdeal ? (
        <Paper withBorder p="md" radius="md">
          <Title order={3} fz="md" mb={4}>
            {t('productOrder.wizard.success.payTitle')}
          </Title>
          {order.checkoutUrl ? (
            <Stack gap="sm">
              <Text size="sm">{t('productOrder.wizard.success.payMessage')}</Text>
              <PayLink url={order.checkoutUrl} />
            </Stack>
          ) : (
            <Text size="sm">{t('productOrder.wizard.success.noPayLink')}</Text>
          )}
        </Paper>
      ) : (
        <Text size="sm">{t('productOrder.wizard.success.invoiceMessage')}</Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onAnother}>
          {t('productOrder.wizard.success.another')}
        </Button>
        <Button variant="default" onClick={onOpen}>
          {t('productOrder.wizard.success.open')}
        </Button>
        <Button onClick={onClose}>{t('productOrder.wizard.close')}</Button>
      </Group>
    </Stack>
  );
}
