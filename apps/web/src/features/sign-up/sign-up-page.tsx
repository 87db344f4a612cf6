import {
  Anchor,
  Box,
  Button,
  Checkbox,
  createTheme,
  MantineThemeProvider,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import { cdnUrl } from '@xp/contracts';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/ui/states';
import { forgetSignUp, useGymClubs, usePublicGymBySlug } from './api';
import type { ChosenClub } from './club-steps';
import { switchLanguage } from './language';
import { SIGN_UP_WIDTH, SignUpFrame } from './sign-up-frame';
import { ClubDataError } from './sign-up-problems';
import { SignUpWizard } from './sign-up-wizard';
import { useIdle } from './use-idle';

/** The kiosk starts over when nobody touched the tablet for this long: the next person sees nothing of the last. */
export const KIOSK_IDLE_MS = 90_000;

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
  const gymClubs = useGymClubs(gymSlug);
  const gymBySlug = usePublicGymBySlug(gymSlug, gymClubs.data);
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

  const shownGym = gymBySlug ?? chosen?.gym ?? null;
  const gym = shownGym && {
    name: shownGym.name,
    bannerUrl: shownGym.bannerHash
      ? cdnUrl(shownGym.bannerHash, { w: SIGN_UP_WIDTH * 2, h: SIGN_UP_WIDTH / 2, fit: 'crop' })
      : null,
  };
  const isGymUnknown = gymClubs.error?.status === 404;

  let content: ReactNode;
  if (isGymUnknown) {
    content = <NotFound text={t('signUp.page.gymNotFound')} to="/inschrijven" />;
  } else if (locationSlug) {
    const slug = locationSlug.toLowerCase();
    const club = gymClubs.data?.find((candidate) => candidate.slug.toLowerCase() === slug);
    if (gymClubs.isError) content = <ClubDataError onRetry={() => void gymClubs.refetch()} />;
    else if (gymClubs.isPending) content = <LoadingState />;
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
  return isKiosk ? <KioskTheme>{page}</KioskTheme> : page;
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

/** The tablet at the desk: larger text and touch targets (buttons 'xl', inputs 'lg'). */
const kioskTheme = createTheme({
  components: {
    Button: Button.extend({ defaultProps: { size: 'xl' } }),
    TextInput: TextInput.extend({ defaultProps: { size: 'lg' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { size: 'lg' } }),
    DateInput: DateInput.extend({ defaultProps: { size: 'lg' } }),
    Checkbox: Checkbox.extend({ defaultProps: { size: 'lg' } }),
    Radio: Radio.extend({ defaultProps: { size: 'lg' } }),
  },
});

const kioskFonts = {
  '--mantine-font-size-xs': '0.9375rem',
  '--mantine-font-size-sm': '1.0625rem',
  '--mantine-font-size-md': '1.1875rem',
  '--mantine-font-size-lg': '1.3125rem',
  '--mantine-h3-font-size': '1.625rem',
  '--mantine-h4-font-size': '1.375rem',
  '--mantine-h5-font-size': '1.1875rem',
} as CSSProperties;

function KioskTheme({ children }: { children: ReactNode }) {
  return (
    <MantineThemeProvider theme={kioskTheme}>
      <Box style={kioskFonts} data-kiosk>
        {children}
      </Box>
    </MantineThemeProvider>
  );
}
