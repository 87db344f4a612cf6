import { Alert, Anchor, Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconLinkOff } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiCallError } from '@/app/api-client';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/start-language';

interface MemberPageProps {
  /** What the page is for, already translated ('Factuur betalen'): the tab's title, and the h1 until the gym is known. */
  subject: string;
  /** The gym's name once it is known: then the h1, with the subject as the h2 under it. */
  gymName?: string;
  children: ReactNode;
}

/**
 * The frame of a page a member opens from a mail, without an account and mostly on a phone: the gym's name
 * and one centred card (at most 480 px), no back-office branding or menus, and the language choice.
 */
export function MemberPage({ subject, gymName, children }: MemberPageProps) {
  const headingId = useId();
  useDocumentTitle(gymName ? `${subject} · ${gymName}` : subject);
  return (
    <Center mih="100dvh" px="sm" py="lg" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={480} gap="md">
        <Paper
          component="main"
          aria-labelledby={headingId}
          withBorder
          shadow="sm"
          radius="md"
          p={{ base: 'lg', xs: 'xl' }}
        >
          <Stack gap="lg">
            {gymName ? (
              <Box>
                <Title order={1} size="h2" id={headingId}>
                  {gymName}
                </Title>
                <Title order={2} size="h4" fw={500} c="dimmed" mt={4}>
                  {subject}
                </Title>
              </Box>
            ) : (
              <Title order={1} size="h2" id={headingId}>
                {subject}
              </Title>
            )}
            {children}
          </Stack>
        </Paper>
        <LanguageChoice />
      </Stack>
    </Center>
  );
}

const LANGUAGES = [
  { language: 'nl', label: 'Nederlands' },
  { language: 'en', label: 'English' },
] as const;

/**
 * Remembers the language in this browser and opens the page again in it. Not the app's `pickLanguage`:
 * these pages would then share the i18n module with the signed-in screens in a way that splits it into a
 * chunk of its own on every first screen; a reload (the assets are cached) is cheap for a choice made once.
 */
const reloadIn = (language: 'nl' | 'en') => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  window.location.reload();
};

/** Each language in its own name (a member who reads no Dutch finds 'English'). */
export function LanguageChoice({ onPick = reloadIn }: { onPick?: (language: 'nl' | 'en') => void }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language === 'en' ? 'en' : 'nl';
  return (
    <Group gap="md" justify="center" component="nav" aria-label={t('billingPublic.language')}>
      {LANGUAGES.map(({ language, label }) => (
        <Anchor
          key={language}
          component="button"
          type="button"
          lang={language}
          size="sm"
          py={6}
          fw={language === current ? 700 : 400}
          c={language === current ? undefined : 'dimmed'}
          aria-pressed={language === current}
          onClick={() => {
            if (language !== current) onPick(language);
          }}
        >
          {label}
        </Anchor>
      ))}
    </Group>
  );
}

/** The error keys of a link the server does not know or cannot read (the contract's and the service's). */
const LINK_ERRORS = ['billing.errors.linkNotFound', 'billing.errors.linkInvalid'];

/**
 * Why a page could not be shown: a link that is unknown, forged or malformed (404, 400), asked too often
 * (429), or a server that failed (with a retry).
 */
export function LinkError({ error, onRetry }: { error: ApiCallError | null; onRetry: () => void }) {
  const { t } = useTranslation();
  const status = error?.status ?? 0;
  if (status === 404 || status === 400) {
    const message = error?.errors.map((item) => item.message).find((key) => LINK_ERRORS.includes(key));
    return (
      <Alert color="orange" variant="light" role="alert" icon={<IconLinkOff size={20} aria-hidden />}>
        <Stack gap="xs">
          <Text fw={600}>{t(message ?? 'billing.errors.linkNotFound')}</Text>
          <Text size="sm">{t('billingPublic.link.help')}</Text>
        </Stack>
      </Alert>
    );
  }
  if (status === 429)
    return <Problem title="billingPublic.link.tooManyTitle" text="billingPublic.link.tooMany" />;
  return (
    <Stack gap="md">
      <Problem title="billingPublic.link.failedTitle" text="billingPublic.link.failed" />
      <Button size="md" variant="default" fullWidth onClick={onRetry}>
        {t('billingPublic.link.retry')}
      </Button>
    </Stack>
  );
}

/** A problem the member cannot solve here, said plainly (keys of this area). */
export function Problem({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
      <Stack gap="xs">
        <Text fw={600}>{t(title)}</Text>
        <Text size="sm">{t(text)}</Text>
      </Stack>
    </Alert>
  );
}
