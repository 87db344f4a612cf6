import { Tabs } from '@mantine/core';
import { IconAdjustments, IconShieldLock, IconUserPlus } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { type Claims, hasGymRight } from '@xp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPath } from '@/app/menus';
import { useRequiredClaims } from '@/app/session';
import { PageHeader } from '@/ui/states';
import { useGym } from './api';

export interface SettingsTab {
  path: AppPath;
  label: string;
  icon: ReactNode;
  access: (claims: Claims) => boolean;
}

export const mayAlterGym = (claims: Claims) => hasGymRight(claims, 'AlterGymInformation');

/** The tabs of the gym settings, each with the right its screen asks. */
export const settingsTabs: SettingsTab[] = [
  {
    path: '/settings',
    label: 'gym.settings.general',
    icon: <IconAdjustments size={16} aria-hidden />,
    access: mayAlterGym,
  },
  {
    path: '/settings/registration',
    label: 'gym.settings.registration',
    icon: <IconUserPlus size={16} aria-hidden />,
    access: mayAlterGym,
  },
  {
    path: '/settings/rightGroups',
    label: 'rightsGroup.title',
    icon: <IconShieldLock size={16} aria-hidden />,
    access: (claims) => hasGymRight(claims, 'ManageGymRights'),
  },
];

/** Who may open the settings at all: anyone who may see one of its tabs. */
export const maySeeGymSettings = (claims: Claims) => settingsTabs.some((tab) => tab.access(claims));

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
            <Tabs.Tab key={tab.path} value={tab.path} leftSection={tab.icon}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
