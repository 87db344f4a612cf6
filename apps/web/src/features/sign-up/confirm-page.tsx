import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { signUpEndpoints as endpoints, fullNameOf, type PendingSignUpView } from '@xp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '@/app/api-hooks';
import { formatDate } from '@/ui/inputs/date-utils';
import { LoadingState } from '@/ui/states';
import { SignUpFrame } from './sign-up-frame';

export interface ConfirmSignUpPageProps {
  /** The token of the mailed link (`/inschrijven/bevestigen/$token`). */
  token: string;
  /** Nothing to pay now: to the result page. */
  onResult: (resultToken: string) => void;
  /** To the provider's checkout (a full navigation by default). */
  onCheckout?: (checkoutUrl: string) => void;
}

/**
 * `/inschrijven/bevestigen/$token`, the link mailed to the address of a sign-up (decision 018): it
 * shows what was signed up for, and its button proves the address and completes the sign-up (the account,
 * the member, the membership) on to the first payment. A link that is unknown, expired or used says so.
 */
export function ConfirmSignUpPage({
  token,
  onResult,
  onCheckout = (url) => window.location.assign(url),
}: ConfirmSignUpPageProps) {
  const { t } = useTranslation();
  const [isDone, setDone] = useState(false);
  const query = useApiQuery(
    endpoints.pendingSignUp,
    { params: { token } },
    { enabled: !isDone, retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
  );
  const confirm = useApiMutation(endpoints.confirmSignUp, { gcTime: 0 });
  const pending = query.data;

  const submit = () =>
    confirm.mutate(
      { params: { token } },
      {
        onSuccess: ({ checkoutUrl, resultToken }) => {
          if (checkoutUrl) onCheckout(checkoutUrl);
          else if (resultToken) onResult(resultToken);
          else setDone(true);
        },
      },
    );

  const isGone =
    (query.error !== null && (query.error.status === 404 || query.error.status === 400)) ||
    confirm.error?.status === 404;
  let content: React.ReactNode;
  if (isDone)
    content = (
      <Alert
        color="green"
        variant="light"
        role="status"
        title={t('signUp.confirm.doneTitle')}
        icon={<IconCircleCheck size={22} aria-hidden />}
      >
        <Text size="sm">{t('signUp.confirm.done')}</Text>
      </Alert>
    );
  else if (isGone)
    content = (
      <Alert color="orange" variant="light" role="alert" icon={<IconLinkOff size={22} aria-hidden />}>
        <Text size="sm">{t('signUp.errors.confirmNotFound')}</Text>
      </Alert>
    );
  else if (pending)
    content = (
      <Summary
        pending={pending}
        onConfirm={submit}
        isBusy={confirm.isPending || confirm.isSuccess}
        error={
          confirm.error
            ? confirm.error.status === 429
              ? 'signUp.errors.tooMany'
              : 'signUp.confirm.failedTitle'
            : null
        }
      />
    );
  else if (query.isError)
    content = (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={22} aria-hidden />}>
        {t(query.error.status === 429 ? 'signUp.errors.tooMany' : 'signUp.confirm.loadFailed')}
      </Alert>
    );
  else content = <LoadingState />;

  return (
    <SignUpFrame gym={pending ? { name: pending.gymName } : null} title={t('signUp.confirm.title')}>
      {content}
    </SignUpFrame>
  );
}

function Summary({
  pending,
  onConfirm,
  isBusy,
  error,
}: {
  pending: PendingSignUpView;
  onConfirm: () => void;
  isBusy: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const isAccount = pending.kind === 'account';
  const name = fullNameOf(pending);
  const rows: [string, string][] = [
    [t('signUp.confirm.name'), name],
    [t('signUp.fields.email'), pending.email],
    [t('signUp.confirm.club'), [pending.gymName, pending.locationName].filter(Boolean).join(' · ')],
    ...(isAccount
      ? []
      : ([
          [
            t('signUp.confirm.membership'),
            [pending.subscriptionName, pending.variantName].filter(Boolean).join(' · '),
          ],
          [t('signUp.confirm.startDate'), pending.startDate ? formatDate(pending.startDate) : ''],
        ] as [string, string][])),
  ];
  return (
    <Stack gap="md">
      <Text>{t(isAccount ? 'signUp.confirm.introAccount' : 'signUp.confirm.intro')}</Text>
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {t(error)}
        </Alert>
      )}
      <Button size="md" onClick={onConfirm} loading={isBusy}>
        {t(isAccount ? 'signUp.confirm.submitAccount' : 'signUp.confirm.submit')}
      </Button>
      <Text size="sm" c="dimmed">
        {t('signUp.confirm.notYou')}
      </Text>
    </Stack>
  );
}
