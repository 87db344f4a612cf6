import { Alert, Badge, Group, Radio, Stack, Text, Title } from '@mantine/core';
import type { PublicSubscription, PublicVariant } from '@xp/contracts';
import { SubscriptionType } from '@xp/contracts';
import { useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '@/ui/money';
import { LoadingState } from '@/ui/states';
import { translateMessage } from '@/ui/translate';
import { usePublicSubscriptions } from './api';
import { accessText, ageGroupsText, noticeText, pricePerPeriodText, termText } from './format';
import type { SignUpFormOutput, SignUpFormValues } from './sign-up-form';
import { ClubDataError } from './sign-up-problems';

type SignUpForm = UseFormReturn<SignUpFormValues, unknown, SignUpFormOutput>;

interface MembershipStepProps {
  form: SignUpForm;
  locationId: number;
  isKiosk: boolean;
}

/**
 * Step 3: the club's memberships, each with its variants as radio cards (price per period incl. VAT, one-off
 * costs, term, notice period, access): one choice among all of them.
 */
export function MembershipStep({ form, locationId, isKiosk }: MembershipStepProps) {
  const { t } = useTranslation();
  const subscriptions = usePublicSubscriptions(locationId);
  const variantId = useWatch({ control: form.control, name: 'variantId' });
  const error = form.formState.errors.variantId ?? form.formState.errors.subscriptionId;

  if (subscriptions.isError) return <ClubDataError onRetry={() => void subscriptions.refetch()} />;
  if (!subscriptions.data) return <LoadingState />;
  const offered = subscriptions.data.filter((subscription) => subscription.variants.length > 0);
  if (offered.length === 0)
    return (
      <Alert color="gray" variant="light" role="status">
        {t('signUp.membership.none')}
      </Alert>
    );

  const choose = (value: string) => {
    const id = Number(value);
    const subscription = offered.find((candidate) => candidate.variants.some((variant) => variant.id === id));
    if (!subscription) return;
    form.setValue('subscriptionId', subscription.id, { shouldTouch: true });
    form.setValue('variantId', id, { shouldTouch: true, shouldValidate: true });
    form.clearErrors(['subscriptionId', 'variantId']);
  };

  return (
    <Radio.Group
      value={variantId === null ? null : String(variantId)}
      onChange={choose}
      name="variantId"
      label={t('signUp.membership.intro')}
      description={t('signUp.membership.inclVat')}
      labelProps={{ fw: 400, fz: 'md' }}
      descriptionProps={{ mb: 'md' }}
      error={
        error
          ? translateMessage(t, error.type === 'server' ? error.message : 'signUp.membership.required')
          : undefined
      }
      errorProps={{ role: 'alert', mb: 'sm' }}
      inputWrapperOrder={['label', 'description', 'error', 'input']}
    >
      <Stack gap="xl">
        {offered.map((subscription) => (
          <SubscriptionOption key={subscription.id} subscription={subscription} isKiosk={isKiosk} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function SubscriptionOption({
  subscription,
  isKiosk,
}: {
  subscription: PublicSubscription;
  isKiosk: boolean;
}) {
  const { t } = useTranslation();
  const ages = ageGroupsText(t, subscription.ageGroups);
  return (
    <Stack gap="sm" component="section" aria-label={subscription.name}>
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={3} size="h4">
            {subscription.name}
          </Title>
          {subscription.type === SubscriptionType.Prepaid && (
            <Badge variant="light" color="gray">
              {t('signUp.membership.prepaid')}
            </Badge>
          )}
        </Group>
        {subscription.description && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {subscription.description}
          </Text>
        )}
        {ages && (
          <Text size="sm" fw={500}>
            {t('signUp.membership.ages', { ages })}
          </Text>
        )}
      </Stack>
      <Stack gap="sm">
        {subscription.variants.map((variant) => (
          <VariantCard key={variant.id} subscription={subscription} variant={variant} isKiosk={isKiosk} />
        ))}
      </Stack>
    </Stack>
  );
}

function VariantCard({
  subscription,
  variant,
  isKiosk,
}: {
  subscription: PublicSubscription;
  variant: PublicVariant;
  isKiosk: boolean;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const detailsId = useId();
  const isPrepaid = subscription.type === SubscriptionType.Prepaid;
  return (
    <Radio.Card
      value={String(variant.id)}
      radius="md"
      p={isKiosk ? 'lg' : 'md'}
      aria-labelledby={nameId}
      aria-describedby={detailsId}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Radio.Indicator size={isKiosk ? 'lg' : 'md'} mt={2} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap={4} align="baseline">
            <Text fw={600} id={nameId}>
              {variant.name}
            </Text>
            <Text fw={700} fz={isKiosk ? 'xl' : 'lg'} style={{ whiteSpace: 'nowrap' }}>
              {pricePerPeriodText(t, variant)}
            </Text>
          </Group>
          <Stack gap={2} id={detailsId}>
            <Text size="sm" c="dimmed">
              {[
                t(isPrepaid ? 'signUp.membership.prepaidTerm' : 'signUp.membership.term', {
                  term: termText(t, variant),
                }),
                t('signUp.membership.notice', { notice: noticeText(t, variant) }),
              ].join(' · ')}
            </Text>
            <Text size="sm" c="dimmed">
              {[
                variant.oneOffCosts > 0
                  ? t('signUp.membership.oneOff', { amount: formatEuro(variant.oneOffCosts) })
                  : t('signUp.membership.noOneOff'),
                accessText(t, variant),
              ].join(' · ')}
            </Text>
          </Stack>
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/** The subscription and variant the form holds, found in the club's memberships. */
export function chosenMembership(
  subscriptions: readonly PublicSubscription[] | undefined,
  subscriptionId: number | null,
  variantId: number | null,
) {
  const subscription = subscriptions?.find((candidate) => candidate.id === subscriptionId);
  const variant = subscription?.variants.find((candidate) => candidate.id === variantId);
  return subscription && variant ? { subscription, variant } : null;
}
