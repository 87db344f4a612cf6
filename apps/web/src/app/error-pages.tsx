import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { homePath } from '@xp/contracts/home-path';
import { useTranslation } from 'react-i18next';
import { useClaims } from './session';
import { useInAppLink } from './shell/in-app-link';

function useHome(): string {
  const claims = useClaims();
  return claims ? homePath(claims.role, claims.activeEnvironment) : '/account/login';
}

/** A path that matches no screen. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const home = useHome();
  return (
    <Center mih="60dvh" p="xl">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>{t('shell.notFound.title')}</Title>
        <Text c="dimmed">{t('shell.notFound.text')}</Text>
        <Button component="a" {...useInAppLink(home)}>
          {t('shell.toHome')}
        </Button>
      </Stack>
    </Center>
  );
}

/** A screen that failed to load or render. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const home = useHome();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center mih="60dvh" p="xl">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <Title order={1}>{t('shell.error.title')}</Title>
        <Text c="dimmed">{t('shell.error.text')}</Text>
        <Group justify="center">
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            {t('actions.retry')}
          </Button>
          {/* A full load: whatever broke starts afresh. */}
          <Button variant="default" component="a" href={home}>
            {t('shell.toHome')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
