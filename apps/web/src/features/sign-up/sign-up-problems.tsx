import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The spec's 'club data load error (reload)': the clubs or memberships could not be loaded. */
export function ClubDataError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Problem title={t('signUp.errors.clubDataTitle')} text={t('signUp.errors.clubData')}>
      <Button
        variant="light"
        color="red"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={onRetry}
      >
        {t('signUp.errors.reload')}
      </Button>
    </Problem>
  );
}

/** A problem said plainly, with what the person can do about it. */
export function Problem({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={title}
      icon={<IconAlertTriangle size={20} aria-hidden />}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        {children}
      </Stack>
    </Alert>
  );
}
