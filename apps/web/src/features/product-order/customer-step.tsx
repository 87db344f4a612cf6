import { Alert, Grid, Group, Loader, Paper, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { languages, type Member } from '@xp/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@/ui/generic-list';
import { RadioField } from '@/ui/inputs/radio-field';
import { SelectField } from '@/ui/inputs/select-field';
import { TextField } from '@/ui/inputs/text-field';
import { useFormField } from '@/ui/inputs/use-form-field';
import { useMemberSearch } from './api';
import type { CustomerField } from './wizard-form';
import type { OrderForm } from './wizard-parts';

// --------------------------------------------------------------------------------------------- customer

export const customerFieldSpan: Record<CustomerField, number> = {
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
export const customerFieldLabel: Record<CustomerField, string> = {
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
export const customerFieldMax: Record<CustomerField, number> = {
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
export const autoComplete: Partial<Record<CustomerField, string>> = {
  firstName: 'off',
  lastName: 'off',
  street: 'off',
  postalCode: 'off',
  email: 'off',
};

export function CustomerFields({
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

export const allCustomerFields: readonly CustomerField[] = [
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
export const requiredOfNew: readonly CustomerField[] = [
  'firstName',
  'lastName',
  'street',
  'houseNumber',
  'postalCode',
  'city',
  'email',
];

export interface CustomerStepProps {
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

export function MemberCard({ member }: { member: Member }) {
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

export function MemberPicker({
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
