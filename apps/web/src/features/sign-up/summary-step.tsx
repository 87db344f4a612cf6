import { Anchor, Checkbox, DataList, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { fullNameOf, type PublicSubscription, type PublicVariant, SubscriptionType } from '@xp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/features/member/day-field';
import { formatEuro } from '@/ui/money';
import { type ChosenClub, clubAddress } from './club-steps';
import { firstAmount, noticeText, paymentPeriodsInTerm, pricePerPeriodText, termText } from './format';
import type { SignUpFormValues } from './sign-up-form';

export type SummarySection = 'club' | 'membership' | 'personal';

interface SummaryStepProps {
  values: SignUpFormValues;
  club: ChosenClub;
  subscription: PublicSubscription;
  variant: PublicVariant;
  /** The club's step can be changed too (not when the page names the club). */
  canChangeClub: boolean;
  onChange: (section: SummarySection) => void;
  hasMandate: boolean;
  onMandateChange: (accepted: boolean) => void;
  mandateError: string | null;
  isKiosk: boolean;
}

/**
 * Step 5: everything the person chose and typed, what is paid now (one-off costs and the first period, or a
 * prepaid term whole), and the direct debit mandate for what follows.
 */
export function SummaryStep({
  values,
  club,
  subscription,
  variant,
  canChangeClub,
  onChange,
  hasMandate,
  onMandateChange,
  mandateError,
  isKiosk,
}: SummaryStepProps) {
  const { t } = useTranslation();
  const startDate = values.startDate ?? '';
  const isPrepaid = subscription.type === SubscriptionType.Prepaid;
  const dueNow = firstAmount(subscription.type, variant, startDate);

  return (
    <Stack gap="lg">
      <Section title={t('signUp.summary.club')} onChange={canChangeClub ? () => onChange('club') : undefined}>
        <Item label={t('signUp.summary.clubName')}>{club.name}</Item>
        <Item label={t('signUp.summary.clubAddress')}>{clubAddress(club) || '—'}</Item>
      </Section>

      <Section title={t('signUp.summary.membership')} onChange={() => onChange('membership')}>
        <Item label={t('signUp.summary.subscription')}>{`${subscription.name} · ${variant.name}`}</Item>
        <Item label={t('signUp.summary.price')}>{pricePerPeriodText(t, variant)}</Item>
        <Item label={t('signUp.summary.oneOff')}>{formatEuro(variant.oneOffCosts)}</Item>
        <Item label={t(isPrepaid ? 'signUp.summary.prepaidTerm' : 'signUp.summary.term')}>
          {termText(t, variant)}
        </Item>
        <Item label={t('signUp.summary.notice')}>{noticeText(t, variant)}</Item>
        <Item label={t('signUp.fields.startDate')}>{formatDay(startDate)}</Item>
      </Section>

      <PersonalSummary values={values} onChange={() => onChange('personal')} />

      <Paper withBorder radius="md" p={isKiosk ? 'lg' : 'md'} bg="var(--mantine-color-gray-0)">
        <Stack gap="xs">
          <Group justify="space-between" align="baseline" gap="xs">
            <Text fw={600}>{t('signUp.summary.dueNow')}</Text>
            <Text fw={700} fz={isKiosk ? 32 : 28} data-testid="sign-up-due-now">
              {formatEuro(dueNow)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {isPrepaid
              ? t('signUp.summary.dueNowPrepaid', {
                  oneOff: formatEuro(variant.oneOffCosts),
                  count: paymentPeriodsInTerm(variant, startDate),
                  price: formatEuro(variant.pricePerPeriod),
                })
              : t('signUp.summary.dueNowRecurring', {
                  oneOff: formatEuro(variant.oneOffCosts),
                  price: formatEuro(variant.pricePerPeriod),
                })}
          </Text>
          {!isPrepaid && (
            <Text size="sm" c="dimmed">
              {t('signUp.summary.thenDebit', { price: pricePerPeriodText(t, variant) })}
            </Text>
          )}
        </Stack>
      </Paper>

      <MandateCheckbox
        values={values}
        hasMandate={hasMandate}
        onMandateChange={onMandateChange}
        mandateError={mandateError}
        isKiosk={isKiosk}
      />
    </Stack>
  );
}

/** 'Je gegevens' of the summary: the person, the address and the bank account, with 'Wijzigen'. */
export function PersonalSummary({ values, onChange }: { values: SignUpFormValues; onChange: () => void }) {
  const { t } = useTranslation();
  const fullName = fullNameOf(values);
  return (
    <Section title={t('signUp.summary.personal')} onChange={onChange}>
      <Item label={t('signUp.summary.name')}>
        {`${values.gender === null ? '' : `${t(`signUp.gender.${values.gender}`)} `}${fullName}`}
      </Item>
      <Item label={t('signUp.fields.dateOfBirth')}>{formatDay(values.dateOfBirth)}</Item>
      <Item label={t('signUp.fields.email')}>{values.email}</Item>
      <Item label={t('signUp.fields.phoneNumber')}>{values.phoneNumber}</Item>
      <Item label={t('signUp.summary.address')}>
        {`${values.street} ${values.houseNumber}, ${values.postalCode} ${values.city}`}
      </Item>
      <Item label={t('signUp.fields.accountHolder')}>{values.accountHolder}</Item>
      <Item label={t('signUp.fields.iban')}>{values.iban}</Item>
    </Section>
  );
}

interface MandateCheckboxProps {
  values: SignUpFormValues;
  hasMandate: boolean;
  onMandateChange: (accepted: boolean) => void;
  mandateError: string | null;
  isKiosk: boolean;
}

/** The direct debit mandate for what follows, naming the account holder and IBAN given. */
export function MandateCheckbox({
  values,
  hasMandate,
  onMandateChange,
  mandateError,
  isKiosk,
}: MandateCheckboxProps) {
  const { t } = useTranslation();
  return (
    <Checkbox
      size={isKiosk ? 'lg' : 'md'}
      checked={hasMandate}
      onChange={(event) => onMandateChange(event.currentTarget.checked)}
      label={t('signUp.summary.mandate')}
      description={t('signUp.summary.mandateHint', { holder: values.accountHolder, iban: values.iban })}
      error={mandateError}
      aria-required
    />
  );
}

/** A part of the summary under its heading, with 'Wijzigen' when it can be changed. */
export function Section({
  title,
  onChange,
  children,
}: {
  title: string;
  onChange: (() => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {onChange && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={onChange}
            aria-label={`${t('signUp.summary.change')}: ${title}`}
          >
            {t('signUp.summary.change')}
          </Anchor>
        )}
      </Group>
      <DataList size="sm" gap={6} labelWidth="9.5rem">
        {children}
      </DataList>
      <Divider mt="xs" />
    </Stack>
  );
}

export function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
