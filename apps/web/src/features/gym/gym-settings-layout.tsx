import { Tabs } from '@mantine/core';
import { IconAdjustments, IconShieldLock, IconUserPlus } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { PageHeader } from '@/ui/states';
import { settingsTabs } from './access';
import { useGym } from './api';

const tabIcons: Record<string, ReactNode> = {
  '/settings': <IconAdjustments size={16} aria-hidden />,
  '/settings/registration': <IconUserPlus size={16} aria-hidden />,
  '/settings/rightGroups': <IconShieldLock size={16} aria-hidden />,
};

/** 'Instellingen' of the active gym: a header and one tab per part, the part's screen below. */
export function GymSettingsLayout() {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const gym = useGym(claims.activeGymId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = settingsTabs.filter((tab) => tab.access(claims));
  // The deepest tab whose path the location starts with ('/settings' is a prefix of every tab).
  const active = [...tabs]
    .sort((a, b) => b.path.length - a.path.length)
    .find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`));

  return (
    <>
      <PageHeader title="gym.settings.title" subtitle={gym.data?.name} />
      <Tabs
        value={active?.path ?? null}
        onChange={(path) => path && void navigate({ to: path })}
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List aria-label={t('gym.settings.tabs')}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path} leftSection={tabIcons[tab.path]}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
