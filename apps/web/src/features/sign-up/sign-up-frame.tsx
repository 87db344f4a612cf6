import { Anchor, Box, Container, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from './language';

/** The gym as the sign-up pages show it: its name, and its banner's address when it has one. */
export interface SignUpGym {
  name: string;
  bannerUrl?: string | null;
}

/**
 * The card's width on a tablet or computer: room for the six steps in a row, and the gym's banner (4:1) a
 * little wider than its settings preview it; the kiosk's tablet gets more for its larger text.
 */
export const SIGN_UP_WIDTH = 860;
const KIOSK_WIDTH = 980;

interface SignUpFrameProps {
  /** Known once the gym (or the chosen club) is: its banner on top and its name in the heading. */
  gym: SignUpGym | null;
  /** The tablet at the desk: larger text. */
  isKiosk?: boolean;
  /** The page's heading when it is not 'Inschrijven (bij <gym>)'. */
  title?: string | undefined;
  children: ReactNode;
}

/**
 * The frame of the public sign-up pages: the gym's banner, 'Inschrijven bij <gym>', one card on a light
 * background (full width on a phone, 720 px on a tablet), and the language choice; no back-office menus. No
 * schemas here: the result page, opened on a phone after the bank, loads no zod.
 */
export function SignUpFrame({ gym, isKiosk = false, title: ownTitle, children }: SignUpFrameProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const title = ownTitle ?? (gym ? t('signUp.page.titleAt', { gym: gym.name }) : t('signUp.page.title'));
  useDocumentTitle(title);
  return (
    <Box
      mih="100dvh"
      bg="var(--mantine-color-gray-0)"
      py={{ base: 0, xs: 'lg' }}
      fz={isKiosk ? 'lg' : undefined}
    >
      <Container size={isKiosk ? KIOSK_WIDTH : SIGN_UP_WIDTH} px={{ base: 0, xs: 'md' }}>
        <Paper
          component="main"
          aria-labelledby={headingId}
          withBorder
          shadow="sm"
          bdrs={{ base: 0, xs: 'md' }}
          style={{ overflow: 'hidden' }}
        >
          {gym?.bannerUrl && (
            <Image src={gym.bannerUrl} alt="" w="100%" style={{ aspectRatio: '4 / 1' }} fit="cover" />
          )}
          <Stack gap="lg" p={{ base: 'md', xs: 'xl' }} pt={{ base: 'xs', xs: 'md' }}>
            <Stack gap={4}>
              <LanguageChoice />
              <Title order={1} size={isKiosk ? 'h1' : 'h2'} id={headingId}>
                {title}
              </Title>
            </Stack>
            {children}
          </Stack>
        </Paper>
        <Text component="footer" size="xs" c="dimmed" ta="center" py="md" px="md">
          {t('signUp.page.footer')}
        </Text>
      </Container>
    </Box>
  );
}

const LANGUAGES = [
  { language: 'nl', name: 'Nederlands' },
  { language: 'en', name: 'English' },
] as const;

/** Each language by its own name; switching keeps what was typed (the texts load, the page stays). */
function LanguageChoice() {
  const { t, i18n } = useTranslation();
  const current = i18n.language === 'en' ? 'en' : 'nl';
  return (
    <Group gap={4} component="nav" aria-label={t('signUp.page.language')} justify="flex-end">
      {LANGUAGES.map(({ language, name }) => (
        <Anchor
          key={language}
          component="button"
          type="button"
          lang={language}
          aria-pressed={language === current}
          size="sm"
          px={8}
          py={6}
          fw={language === current ? 700 : 400}
          c={language === current ? undefined : 'dimmed'}
          onClick={() => {
            if (language !== current) void switchLanguage(i18n, language);
          }}
        >
          {name}
        </Anchor>
      ))}
    </Group>
  );
}
