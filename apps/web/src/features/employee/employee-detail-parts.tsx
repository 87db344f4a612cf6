import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** 'Terug naar medewerkers' above a detail screen. */
export function BackLink({ to, label }: { to: LinkProps['to']; label: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={to} size="sm" mb="xs" display="inline-block">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t(label)}
      </Group>
    </Anchor>
  );
}

/** A titled block of a detail screen. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t(title)}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t(title)}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** One labelled value ('E-mailadres  jan@example.com') as a description list row. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group gap="md" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={180} component="dt" style={{ flexShrink: 0 }}>
        {t(label)}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </Group>
  );
}
