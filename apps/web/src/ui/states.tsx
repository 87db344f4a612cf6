import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './translate';

export interface PageHeaderProps {
  /** Translation key or text; rendered as the page's h1. */
  title: string;
  subtitle?: ReactNode;
  /** Buttons on the right (add, export, ...). */
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {translateMessage(t, title)}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}

export interface LoadingStateProps {
  /** Translation key or text; default 'Een moment geduld'. */
  label?: string;
}

/** Loader with the spec's text 'Een moment geduld', announced as a status. */
export function LoadingState({ label }: LoadingStateProps) {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text c="dimmed" size="sm">
          {label ? translateMessage(t, label) : t('ui.loading')}
        </Text>
      </Stack>
    </Center>
  );
}

export interface ErrorStateProps {
  /** Translation key or text; default the general error. */
  message?: string;
  onRetry?: () => void;
}

export function ErrorState({ message, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" title={t('ui.error.title')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{translateMessage(t, message ?? 'general_error')}</Text>
        {onRetry && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
          >
            {t('ui.error.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export interface EmptyStateProps {
  /** Translation key or text. */
  title: string;
  /** Translation key or text. */
  message?: string;
  action?: ReactNode;
}

export function EmptyState({ title, message, action }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py="xl" role="status">
      <Text fw={600}>{translateMessage(t, title)}</Text>
      {message && (
        <Text size="sm" c="dimmed">
          {translateMessage(t, message)}
        </Text>
      )}
      {action}
    </Stack>
  );
}
