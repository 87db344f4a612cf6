import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiCallError } from '@/app/api-client';
import { LoadingState } from '@/ui/states';
import { forgetOpenRegistration, forgetSignUp, useOpenRegistration } from './api';
import { CODE_NOT_FOUND, CompleteWizard } from './complete-wizard';
import { KioskTheme } from './kiosk-theme';
import { switchLanguage } from './language';
import { SignUpFrame } from './sign-up-frame';
import { KIOSK_IDLE_MS, useIdle } from './use-idle';

export interface CompleteSignUpPageProps {
  /** The code of the desk's link (`/inschrijven/afronden/$publicCode`). */
  publicCode: string;
  /** `.../kiosk`: the tablet at the desk. */
  isKiosk?: boolean;
  /** An invoice but no checkout now: to the result page. */
  onResult: (resultToken: string) => void;
  /** To the provider's checkout (a full navigation by default). */
  onCheckout?: (checkoutUrl: string) => void;
}

/** How the page ended: finished with nothing to pay, or the link turned out unknown or used. */
type Outcome = { kind: 'done' | 'gone'; gymName: string | null };

/**
 * `/inschrijven/afronden/$publicCode` (and its `/kiosk`): a person finishes the registration the desk began
 * (decision 018): their data as the desk typed it, a password, the bank account, and the first payment. A
 * link that is unknown or used says so kindly. On the kiosk: large targets, no login popup, and after 90 s
 * without a touch the form starts over from what the desk typed.
 */
export function CompleteSignUpPage({
  publicCode,
  isKiosk = false,
  onResult,
  onCheckout = (url) => window.location.assign(url),
}: CompleteSignUpPageProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const query = useOpenRegistration(publicCode, outcome === null);
  /** A new form for each person at the kiosk: nothing typed kept. */
  const [round, setRound] = useState(0);

  useIdle(
    KIOSK_IDLE_MS,
    () => {
      forgetSignUp(queryClient);
      setRound((current) => current + 1);
      // The next person starts in Dutch, whatever the last one chose.
      if (i18n.language !== 'nl') void switchLanguage(i18n, 'nl');
      window.scrollTo({ top: 0 });
    },
    isKiosk && outcome === null,
  );

  const registration = query.data;
  const gymName = outcome ? outcome.gymName : (registration?.gymName ?? null);
  /** The end of this link: its person's data leaves the cache. */
  const end = (kind: Outcome['kind']) => {
    setOutcome({ kind, gymName: registration?.gymName ?? null });
    forgetOpenRegistration(queryClient);
    forgetSignUp(queryClient);
    window.scrollTo({ top: 0 });
  };

  let content: ReactNode;
  if (outcome?.kind === 'done') content = <Done gymName={outcome.gymName} isKiosk={isKiosk} />;
  else if (outcome?.kind === 'gone' || isGone(query.error)) content = <Gone />;
  else if (registration)
    content = (
      <CompleteWizard
        key={round}
        publicCode={publicCode}
        registration={registration}
        isKiosk={isKiosk}
        onCheckout={onCheckout}
        onResult={onResult}
        onDone={() => end('done')}
        onGone={() => end('gone')}
      />
    );
  else if (query.isError) content = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else content = <LoadingState />;

  const page = (
    <SignUpFrame
      gym={gymName ? { name: gymName } : null}
      isKiosk={isKiosk}
      title={gymName ? t('signUp.complete.titleAt', { gym: gymName }) : t('signUp.complete.title')}
    >
      {content}
    </SignUpFrame>
  );
  return isKiosk ? <KioskTheme>{page}</KioskTheme> : page;
}

/** Unknown or used (404), or not a code at all (400 on the code). */
const isGone = (error: ApiCallError | null) =>
  error !== null &&
  (error.status === 404 ||
    (error.status === 400 && error.errors.some((entry) => entry.message === CODE_NOT_FOUND)));

/** Finished, nothing to pay now. */
function Done({ gymName, isKiosk }: { gymName: string | null; isKiosk: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      title={t('signUp.complete.doneTitle')}
      icon={<IconCircleCheck size={22} aria-hidden />}
    >
      <Stack gap="xs">
        <Text size="sm">
          {gymName ? t('signUp.complete.done', { gym: gymName }) : t('signUp.complete.doneNoGym')}
        </Text>
        <Text size="sm">{t(isKiosk ? 'signUp.complete.doneKiosk' : 'signUp.complete.doneLogin')}</Text>
      </Stack>
    </Alert>
  );
}

/** 'Deze link is al gebruikt of klopt niet'. */
function Gone() {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title={t('signUp.complete.goneTitle')}
      icon={<IconLinkOff size={22} aria-hidden />}
    >
      <Text size="sm">{t('signUp.complete.gone')}</Text>
    </Alert>
  );
}

/** The registration could not be read: asked too often, or the server failed (try again). */
function LoadError({ error, onRetry }: { error: ApiCallError; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={22} aria-hidden />}>
        {t(error.status === 429 ? 'signUp.errors.tooMany' : 'signUp.complete.loadFailed')}
      </Alert>
      <Button variant="default" onClick={onRetry}>
        {t('signUp.result.retry')}
      </Button>
    </Stack>
  );
}
