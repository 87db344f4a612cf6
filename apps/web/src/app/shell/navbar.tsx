import { AppShell } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { visibleMenu } from '../menus';
import { useRequiredClaims } from '../session';
import { RouterNavLink } from './router-nav-link';
import { Switchers } from './switchers';

interface NavbarProps {
  /** On small screens the switchers move from the header into the navbar. */
  withSwitchers: boolean;
}

/** The menu of the active environment, filtered by role and rights (see `menus.ts`). */
export function Navbar({ withSwitchers }: NavbarProps) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const items = visibleMenu(claims);
  return (
    <>
      {withSwitchers && <Switchers layout="column" />}
      {/* Native scrolling: Mantine's ScrollArea sets its elements' state while the first screen commits, which
          re-renders the whole screen before it is painted (docs/performance/runs/2026-11-29-list-race-3.md). */}
      <AppShell.Section grow p="xs" style={{ overflowY: 'auto' }}>
        {items.map((item) => (
          <RouterNavLink
            key={item.path}
            to={item.path}
            activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
            label={t(item.label)}
            leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
            variant="light"
          />
        ))}
      </AppShell.Section>
    </>
  );
}
