import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Covers the page while the session is restored or a route loads: 'Een moment geduld'. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{t('shell.loading')}</Text>
      </Stack>
    </Center>
  );
}
