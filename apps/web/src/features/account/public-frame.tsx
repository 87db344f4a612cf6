import { Anchor, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface PublicPageProps {
  /** Already translated. */
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Below the card (links back to the login page, ...). */
  footer?: ReactNode;
}

interface PublicFrameProps extends PublicPageProps {
  /** Switches the language and remembers the choice in this browser (the app's and the login entry's own). */
  onPickLanguage: (language: 'nl' | 'en') => unknown;
}

/**
 * The frame of every page a person sees before signing in (login, registration, verification, password
 * recovery): the product's name, one card with a title, and the language choice. Without the app's i18n
 * setup or router, so the login page's own entry uses it too; the app's pages use `PublicPage`.
 */
export function PublicFrame({ title, intro, children, footer, onPickLanguage }: PublicFrameProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  useDocumentTitle(`${title} · ${t('shell.productName')}`);
  const language = i18n.language === 'en' ? 'en' : 'nl';
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={440} gap="lg">
        <Group gap="sm" justify="center">
          <ThemeIcon size={40} radius="md" aria-hidden>
            <Text fw={800} c="white">
              XP
            </Text>
          </ThemeIcon>
          <Text fw={700} size="xl">
            {t('shell.productName')}
          </Text>
        </Group>
        <Paper withBorder shadow="sm" radius="md" p="xl" component="main" aria-labelledby={titleId}>
          <Stack gap="md">
            <Title order={1} size="h2" id={titleId}>
              {title}
            </Title>
            {intro && (
              <Text c="dimmed" size="sm">
                {intro}
              </Text>
            )}
            {children}
          </Stack>
        </Paper>
        {footer}
        <Group gap="xs" justify="center">
          <LanguageLink language="nl" current={language} label="Nederlands" onPick={onPickLanguage} />
          <Text c="dimmed" aria-hidden>
            |
          </Text>
          <LanguageLink language="en" current={language} label="English" onPick={onPickLanguage} />
        </Group>
      </Stack>
    </Center>
  );
}

function LanguageLink({
  language,
  current,
  label,
  onPick,
}: {
  language: 'nl' | 'en';
  current: string;
  label: string;
  onPick: (language: 'nl' | 'en') => unknown;
}) {
  const isCurrent = language === current;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      lang={language}
      fw={isCurrent ? 700 : 400}
      c={isCurrent ? undefined : 'dimmed'}
      aria-pressed={isCurrent}
      onClick={() => void onPick(language)}
    >
      {label}
    </Anchor>
  );
}
