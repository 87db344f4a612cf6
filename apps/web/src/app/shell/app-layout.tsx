import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { homePath } from '@xp/contracts/home-path';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/ui/states';
import { hasBackOffice } from '../environments';
import { useClaims } from '../session';
import { useIsSwitching } from '../switch-gate';
import { Header } from './header';
import { Navbar } from './navbar';
import { NoBackOfficePage } from './no-back-office-page';

/** The shell of every signed-in screen: header with switchers and user menu, navbar, content. */
export function AppLayout() {
  const claims = useClaims();
  // Signing out clears the claims a moment before the login page replaces this layout.
  if (!claims) return null;
  if (!hasBackOffice(claims)) return <NoBackOfficePage />;
  return <Shell home={homePath(claims.role, claims.activeEnvironment)} />;
}

function Shell({ home }: { home: string }) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const isWide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const switching = useIsSwitching();

  // On small screens the navbar covers the page: close it once a menu item is chosen.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <a href="#main-content" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <Header navbarOpened={opened} onToggleNavbar={toggle} withSwitchers={isWide} home={home} />
      </AppShell.Header>
      <AppShell.Navbar id="app-navbar" aria-label={t('shell.mainNavigation')}>
        <Navbar withSwitchers={!isWide} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        {switching ? <LoadingState /> : <Outlet />}
      </AppShell.Main>
    </AppShell>
  );
}
