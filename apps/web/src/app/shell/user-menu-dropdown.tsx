import { Menu } from '@mantine/core';
import { IconCheck, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Language } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { profilePath } from '@/features/profile/profile-path';
import { provideDeferred } from '@/ui/deferred';
import { pickLanguage } from '../language';
import { useLogout, useRequiredClaims } from '../session';
import { UserMenuButton } from './user-menu-button';

const languages: { value: Language; label: string }[] = [
  { value: 'nl', label: 'Nederlands' },
  { value: 'en', label: 'English' },
];

/** The user menu (`user-menu.tsx` shows its button until this is in): the user's name, 'Profiel', the language (Nederlands / English) and 'Uitloggen'. */
export function UserMenuDropdown() {
  const { t, i18n } = useTranslation();
  const claims = useRequiredClaims();
  const logout = useLogout();
  const language: Language = i18n.language === 'en' ? 'en' : 'nl';

  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UserMenuButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{claims.name}</Menu.Label>
        <Menu.Item
          component={Link}
          to={profilePath(claims)}
          leftSection={<IconUserCircle size={14} aria-hidden />}
        >
          {t('profile.menuItem')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('shell.userMenu.language')}</Menu.Label>
        {languages.map((option) => (
          <Menu.Item
            key={option.value}
            lang={option.value}
            onClick={() => void pickLanguage(option.value)}
            rightSection={option.value === language ? <IconCheck size={14} aria-hidden /> : null}
            aria-current={option.value === language ? 'true' : undefined}
          >
            {option.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={14} aria-hidden />} onClick={() => void logout()}>
          {t('actions.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

provideDeferred('user-menu', UserMenuDropdown);
