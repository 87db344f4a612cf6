import { Avatar, Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '../session';

/** The user menu's button: the avatar, the user's name on wide screens, and a chevron. */
export function UserMenuButton(props: UnstyledButtonProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  return (
    <UnstyledButton aria-label={t('shell.userMenu.label', { name: claims.name })} py={4} px={6} {...props}>
      <Group gap="xs" wrap="nowrap">
        {/* No initials: visible text outside the accessible name breaks 'label in name' (WCAG 2.5.3). */}
        <Avatar size="sm" radius="xl" color="teal" aria-hidden />
        <Text size="sm" fw={500} visibleFrom="sm" truncate maw={180}>
          {claims.name}
        </Text>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
