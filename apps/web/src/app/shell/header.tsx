import { Anchor, Burger, Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { Environment } from '@xp/contracts/enums';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '../session';
import { EmployerBalanceSlot } from './employer-balance-slot';
import { useInAppLink } from './in-app-link';
import { Switchers } from './switchers';
import { UserMenu } from './user-menu';

interface HeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
  /** Wide screens show the switchers here; small screens in the navbar. */
  withSwitchers: boolean;
  home: string;
}

export function Header({ navbarOpened, onToggleNavbar, withSwitchers, home }: HeaderProps) {
  const { t } = useTranslation();
  const homeLink = useInAppLink(home);
  const isEmployer = useRequiredClaims().activeEnvironment === Environment.Employer;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label={t(navbarOpened ? 'shell.closeNavigation' : 'shell.openNavigation')}
          aria-expanded={navbarOpened}
          aria-controls="app-navbar"
        />
        {/* Named by its visible text (WCAG 2.5.3); the logo is decoration; narrow screens keep the name for screen readers. */}
        <Anchor {...homeLink} underline="never" c="inherit" title={t('shell.toHome')}>
          <Group gap={8} wrap="nowrap">
            <ThemeIcon size={32} radius="md" variant="filled" aria-hidden>
              <Text fw={800} size="sm" c="white">
                XP
              </Text>
            </ThemeIcon>
            <Text fw={700} size="lg" visibleFrom="xs">
              {t('shell.productName')}
            </Text>
            <VisuallyHidden hiddenFrom="xs">{t('shell.productName')}</VisuallyHidden>
          </Group>
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {withSwitchers && <Switchers layout="row" />}
        {isEmployer && <EmployerBalanceSlot />}
        <UserMenu />
      </Group>
    </Group>
  );
}
