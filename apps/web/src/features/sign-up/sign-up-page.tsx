import { Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { cdnUrl } from '@xp/contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/ui/states';
import { forgetSignUp, useGymClubs, usePublicClub } from './api';
import type { ChosenClub } from './club-steps';
import { switchLanguage } from './language';
import { SIGN_UP_WIDTH, SignUpFrame } from './sign-up-frame';
import { ClubDataError } from './sign-up-problems';
import { SignUpWizard } from './sign-up-wizard';
import { KIOSK_IDLE_MS, useIdle } from './use-idle';

export { KIOSK_IDLE_MS };

/** The tablet's theme (larger inputs: the date input's too) loads with the kiosk's page only. */
const KioskTheme = lazy(() => import('./kiosk-theme').then((module) => ({ default: module.KioskTheme })));

export interface SignUpPageProps {
  /** `/inschrijven/$gymSlug`: that gym's clubs only, its banner on top. */
  gymSlug?: string | undefined;
  /** `/inschrijven/$gymSlug/$locationSlug`: that club, from the membership step. */
  locationSlug?: string | undefined;
  /** `.../kiosk`: the tablet at the desk. */
  isKiosk?: boolean;
  /** Nothing to pay now: to the result page. */
  onResult: (resultToken: string) => void;
  /** To the provider's checkout (a full navigation by default). */
  onCheckout?: (checkoutUrl: string) => void;
}

/** The public sign-up on any of its pages: the gym (and club) the address names, then the wizard. */
export function SignUpPage({
  gymSlug,
  locationSlug,
  isKiosk = false,
  onResult,
  onCheckout = (url) => window.location.assign(url),
}: SignUpPageProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  // A club's page asks for that club (with its gym); a gym's page for its clubs (each with the gym).
  const gymClubs = useGymClubs(locationSlug ? undefined : gymSlug);
  const namedClub = usePublicClub(gymSlug, locationSlug);
  const [chosen, setChosen] = useState<ChosenClub | null>(null);
  /** A new wizard for each person at the kiosk: a fresh form, nothing typed kept. */
  const [round, setRound] = useState(0);

  useIdle(
    KIOSK_IDLE_MS,
    () => {
      forgetSignUp(queryClient);
      setChosen(null);
      setRound((current) => current + 1);
      // The next person starts in Dutch, whatever the last one chose.
      if (i18n.language !== 'nl') void switchLanguage(i18n, 'nl');
      window.scrollTo({ top: 0 });
    },
    isKiosk,
  );

  const gymOfPage = locationSlug ? namedClub.data?.gym : gymClubs.data?.[0]?.gym;
  const shownGym = gymOfPage ?? chosen?.gym ?? null;
  const gym = shownGym && {
    name: shownGym.name,
    bannerUrl: shownGym.bannerHash
      ? cdnUrl(shownGym.bannerHash, { w: SIGN_UP_WIDTH * 2, h: SIGN_UP_WIDTH / 2, fit: 'crop' })
      : null,
  };
  const isGymUnknown = (locationSlug ? namedClub.error : gymClubs.error)?.status === 404;

  let content: ReactNode;
  if (isGymUnknown) {
    content = <NotFound text={t('signUp.page.gymNotFound')} to="/inschrijven" />;
  } else if (locationSlug) {
    const club = namedClub.data;
    if (namedClub.isError) content = <ClubDataError onRetry={() => void namedClub.refetch()} />;
    else if (namedClub.isPending) content = <LoadingState />;
    else if (!club)
      content = (
        <NotFound
          text={t('signUp.page.clubNotFound')}
          to={isKiosk ? undefined : `/inschrijven/${gymSlug ?? ''}`}
        />
      );
    else
      content = (
        <SignUpWizard
          key={round}
          gymSlug={gymSlug}
          club={club}
          isKiosk={isKiosk}
          onCheckout={onCheckout}
          onResult={onResult}
        />
      );
  } else {
    content = (
      <SignUpWizard
        key={round}
        gymSlug={gymSlug}
        gymClubs={
          gymSlug
            ? {
                clubs: gymClubs.data,
                isPending: gymClubs.isPending,
                isError: gymClubs.isError,
                onRetry: () => void gymClubs.refetch(),
              }
            : undefined
        }
        onClubChange={setChosen}
        isKiosk={isKiosk}
        onCheckout={onCheckout}
        onResult={onResult}
      />
    );
  }

  const page = (
    <SignUpFrame gym={gym} isKiosk={isKiosk}>
      {content}
    </SignUpFrame>
  );
  return isKiosk ? (
    <Suspense fallback={null}>
      <KioskTheme>{page}</KioskTheme>
    </Suspense>
  ) : (
    page
  );
}

function NotFound({ text, to }: { text: string; to: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start" role="alert">
      <Text>{text}</Text>
      {to && <Anchor href={to}>{t('signUp.page.toStart')}</Anchor>}
    </Stack>
  );
}
