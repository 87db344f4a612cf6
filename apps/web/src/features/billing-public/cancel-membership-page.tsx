import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { PublicMembership } from '@xp/contracts';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiCallError } from '@/app/api-client';
import { Facts } from '@/ui/facts';
import { formatDate } from '@/ui/inputs/date-utils';
import { LoadingState } from '@/ui/states';
import { useCancelPublicMembership, usePublicMembership } from './api';
import { LinkError, MemberPage } from './member-page';

/** A notice period in words: '1 maand', '2 weken' (PeriodType 0 week, 1 month, 2 year). */
export const periodText = (t: TFunction, amount: number, type: number) =>
  amount > 0
    ? t(`billingPublic.period.${type}`, { count: amount })
    : t('billingPublic.cancel.noNoticePeriod');

/**
 * `/afmelden/$token`, the cancel link of a membership mail (no account): the membership, its notice period
 * and the last day that follows if it is cancelled today; cancelling takes a second, explicit 'Ja, opzeggen'.
 * Afterwards the end date, and that a confirmation comes by mail (the server sends it).
 */
export function CancelMembershipPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const query = usePublicMembership(token);
  const subject = t('billingPublic.cancel.subject');

  if (query.isPending) {
    return (
      <MemberPage subject={subject}>
        <LoadingState />
      </MemberPage>
    );
  }
  if (!query.data) {
    return (
      <MemberPage subject={subject}>
        <LinkError error={query.error} onRetry={() => void query.refetch()} />
      </MemberPage>
    );
  }
  return (
    <MemberPage subject={subject} gymName={query.data.gymName}>
      <CancelMembership token={token} membership={query.data} />
    </MemberPage>
  );
}

function CancelMembership({ token, membership }: { token: string; membership: PublicMembership }) {
  const { t } = useTranslation();
  const cancel = useCancelPublicMembership();
  const [isConfirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const cancelled = cancel.data;

  // The next step replaces the button that was pressed: focus follows, so a screen reader reads it out.
  useEffect(() => {
    if (isConfirming) confirmRef.current?.focus();
  }, [isConfirming]);
  useEffect(() => {
    if (cancelled) doneRef.current?.focus();
  }, [cancelled]);

  if (cancelled?.endDate) {
    return (
      <Alert
        ref={doneRef}
        tabIndex={-1}
        color="green"
        variant="light"
        role="status"
        title={t('billingPublic.cancel.doneTitle')}
        icon={<IconCircleCheck size={20} aria-hidden />}
      >
        {t('billingPublic.cancel.done', { date: formatDate(cancelled.endDate) })}
      </Alert>
    );
  }

  const shown = cancelled ?? membership;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text fw={600}>{t('billingPublic.cancel.greeting', { name: shown.firstName })}</Text>
        <Text>{t('billingPublic.cancel.intro', { gym: shown.gymName })}</Text>
      </Stack>
      <Facts
        layout="spread"
        rows={[
          [
            t('billingPublic.cancel.subscription'),
            <Fragment key="subscription">
              {shown.subscriptionName}
              <Text component="span" display="block" c="dimmed" fw={400}>
                {shown.variantName}
              </Text>
            </Fragment>,
          ],
          [t('billingPublic.cancel.startDate'), formatDate(shown.startDate)],
          [
            t('billingPublic.cancel.noticePeriod'),
            periodText(t, shown.noticePeriodAmount, shown.noticePeriodType),
          ],
        ]}
      />
      {!shown.canCancel ? (
        <NothingToCancel membership={shown} />
      ) : isConfirming ? (
        <Stack
          gap="sm"
          p="md"
          bg="var(--mantine-color-red-0)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Title order={3} size="h4" ref={confirmRef} tabIndex={-1}>
            {t('billingPublic.cancel.confirmTitle')}
          </Title>
          <Text>{t('billingPublic.cancel.confirmText', { date: formatDate(shown.earliestEndDate) })}</Text>
          {cancel.error && <CancelError error={cancel.error} />}
          <Button
            size="lg"
            color="red"
            fullWidth
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ params: { token } })}
          >
            {t('billingPublic.cancel.confirmYes')}
          </Button>
          <Button
            size="lg"
            variant="default"
            fullWidth
            disabled={cancel.isPending}
            onClick={() => {
              cancel.reset();
              setConfirming(false);
            }}
          >
            {t('billingPublic.cancel.confirmNo')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text fw={500}>
            {t('billingPublic.cancel.endsThen', { date: formatDate(shown.earliestEndDate) })}
          </Text>
          <Button size="lg" variant="outline" color="red" fullWidth onClick={() => setConfirming(true)}>
            {t('billingPublic.cancel.cancelButton')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** Already ending (or ended) no later than a cancellation today would: nothing to cancel. */
function NothingToCancel({ membership }: { membership: PublicMembership }) {
  const { t } = useTranslation();
  const { endDate } = membership;
  const text = !endDate
    ? t('billingPublic.cancel.cannotCancel', { gym: membership.gymName })
    : endDate < dayjs().format('YYYY-MM-DD')
      ? t('billingPublic.cancel.alreadyEnded', { date: formatDate(endDate) })
      : t('billingPublic.cancel.alreadyEnds', { date: formatDate(endDate) });
  return (
    <Alert color="blue" variant="light" role="status" icon={<IconInfoCircle size={20} aria-hidden />}>
      {text}
    </Alert>
  );
}

function CancelError({ error }: { error: ApiCallError }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert">
      {t(error.status === 429 ? 'billingPublic.cancel.tooMany' : 'billingPublic.cancel.failed')}
    </Alert>
  );
}
