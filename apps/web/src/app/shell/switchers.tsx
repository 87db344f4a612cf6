import { AppShell, Divider, Group, type SelectProps, Stack, Text } from '@mantine/core';
import {
  IconApps,
  IconBook,
  IconBriefcase,
  IconBuildingCommunity,
  IconMapPin,
  IconTruck,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import type { Claims, Named, SwitchKind, SwitchOptions } from '@xp/contracts';
import { accountCalls } from '@xp/contracts/calls';
import { hasAnyGymRight } from '@xp/contracts/claims';
import { Environment } from '@xp/contracts/enums';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../api-hooks';
import { type SwitchTarget, useRequiredClaims, useSwitch } from '../session';
import { EnvironmentSwitcher, SwitchPicker } from './deferred-switchers';
import { MAIN_LOCATION, type VisibleSwitchers, visibleSwitchers } from './switcher-rules';

/** One icon per switcher: in the header the switchers carry no visible label. */
const icons: Record<SwitchTarget['kind'], TablerIcon> = {
  environment: IconApps,
  gym: IconBuildingCommunity,
  location: IconMapPin,
  employer: IconBriefcase,
  association: IconUsersGroup,
  contentEnvironment: IconBook,
  supplier: IconTruck,
};

interface SwitchersProps {
  /** In the header (one row, labels for screen readers) or atop the navbar on small screens (stacked). */
  layout: 'row' | 'column';
}

/** The environment, gym, location, employer, association, content and supplier switchers of the header. */
export function Switchers({ layout }: SwitchersProps) {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const { data: options } = useApiQuery(accountCalls.switchOptions, undefined, { staleTime: 5 * 60_000 });
  const { switchTo, pending } = useSwitch();
  const visible = visibleSwitchers(claims, options);

  const common = (kind: SwitchTarget['kind'], labelKey: string): Partial<SelectProps> => {
    const label = t(labelKey);
    const Icon = icons[kind];
    return {
      leftSection: <Icon size={16} stroke={1.6} aria-hidden />,
      'aria-label': label,
      label: layout === 'column' ? label : undefined,
      allowDeselect: false,
      disabled: pending !== null,
      w: layout === 'row' ? 200 : undefined,
      size: 'sm',
      checkIconPosition: 'right',
      comboboxProps: { withinPortal: true, shadow: 'md' },
      rightSectionPointerEvents: 'none',
      'data-pending': pending === kind || undefined,
    } as Partial<SelectProps>;
  };

  /** A searchable, paged picker (decision 003); the preview in `options` names the active one. */
  const picker = (
    kind: SwitchKind,
    labelKey: string,
    list: Named[],
    activeId: number | null,
    target: (id: number) => SwitchTarget,
  ) => {
    const label = t(labelKey);
    const Icon = icons[kind];
    return (
      <SwitchPicker
        key={kind}
        kind={kind}
        label={label}
        withLabel={layout === 'column'}
        icon={<Icon size={16} stroke={1.6} aria-hidden />}
        value={activeId === null ? null : String(activeId)}
        valueLabel={list.find((item) => item.id === activeId)?.name}
        disabled={pending !== null}
        pending={pending === kind}
        w={layout === 'row' ? 200 : undefined}
        onChange={(value) => void switchTo(target(Number(value)))}
      />
    );
  };

  const atLocation = claims.activeEnvironment === Environment.Location && claims.activeLocationId !== null;
  const mainLocation = hasAnyGymRight(claims)
    ? { value: MAIN_LOCATION, label: t('shell.switchers.mainLocation') }
    : undefined;

  const switchers = [
    visible.environment && (
      <EnvironmentSwitcher
        key="environment"
        claims={claims}
        props={common('environment', 'shell.switchers.environment')}
        onSwitch={(environment) => void switchTo({ kind: 'environment', environment })}
      />
    ),
    visible.gym &&
      options &&
      picker('gym', 'shell.switchers.gym', options.gyms, claims.activeGymId, (gymId) => ({
        kind: 'gym',
        gymId,
      })),
    visible.location && options && (
      <SwitchPicker
        key="location"
        kind="location"
        label={t('shell.switchers.location')}
        withLabel={layout === 'column'}
        icon={<IconMapPin size={16} stroke={1.6} aria-hidden />}
        value={atLocation ? String(claims.activeLocationId) : MAIN_LOCATION}
        valueLabel={
          atLocation
            ? options.locations.find((location) => location.id === claims.activeLocationId)?.name
            : t('shell.switchers.mainLocation')
        }
        extra={mainLocation}
        disabled={pending !== null}
        pending={pending === 'location'}
        w={layout === 'row' ? 200 : undefined}
        onChange={(value) =>
          void switchTo({ kind: 'location', locationId: value === MAIN_LOCATION ? null : Number(value) })
        }
      />
    ),
    visible.employer &&
      options &&
      picker(
        'employer',
        'shell.switchers.employer',
        options.employers,
        claims.activeEmployerId,
        (employerId) => ({
          kind: 'employer',
          employerId,
        }),
      ),
    visible.association &&
      options &&
      picker(
        'association',
        'shell.switchers.association',
        options.associations,
        claims.activeAssociationId,
        (associationId) => ({ kind: 'association', associationId }),
      ),
    visible.contentEnvironment &&
      options &&
      picker(
        'contentEnvironment',
        'shell.switchers.contentEnvironment',
        options.contentEnvironments,
        claims.activeContentEnvironmentId,
        (contentEnvironmentId) => ({ kind: 'contentEnvironment', contentEnvironmentId }),
      ),
    visible.supplier &&
      options &&
      picker(
        'supplier',
        'shell.switchers.supplier',
        options.suppliers,
        claims.activeSupplierId,
        (supplierEnvironmentId) => ({
          kind: 'supplier',
          supplierEnvironmentId,
        }),
      ),
    // Without a choice to make, the active organisation is still shown, so everyone sees where they work.
    ...staticContext(claims, options, visible).map(({ kind, name, labelKey }) => {
      const Icon = icons[kind];
      return (
        <Group key={`context-${kind}`} gap={6} wrap="nowrap" aria-label={t(labelKey)} role="note">
          <Icon size={16} stroke={1.6} aria-hidden />
          <Text size="sm" fw={500} truncate maw={220}>
            {name}
          </Text>
        </Group>
      );
    }),
  ].filter(Boolean);
  if (switchers.length === 0) return null;
  if (layout === 'row') return switchers;
  return (
    <AppShell.Section p="md" pb={0}>
      <Stack gap="sm">{switchers}</Stack>
      <Divider mt="md" />
    </AppShell.Section>
  );
}

/** The organisations active in this environment that have no switcher because there is nothing to choose. */
function staticContext(
  claims: Claims,
  options: SwitchOptions | undefined,
  visible: VisibleSwitchers,
): { kind: SwitchTarget['kind']; name: string; labelKey: string }[] {
  if (!options) return [];
  const named = (list: Named[], id: number | null) => list.find((item) => item.id === id)?.name;
  const environment = claims.activeEnvironment;
  const entries: { kind: SwitchTarget['kind']; name: string | undefined; labelKey: string; show: boolean }[] =
    [
      {
        kind: 'location',
        name: named(options.locations, claims.activeLocationId),
        labelKey: 'shell.switchers.location',
        show: environment === Environment.Location && !visible.location,
      },
      {
        kind: 'employer',
        name: named(options.employers, claims.activeEmployerId),
        labelKey: 'shell.switchers.employer',
        show: environment === Environment.Employer && !visible.employer,
      },
      {
        kind: 'supplier',
        name: named(options.suppliers, claims.activeSupplierId),
        labelKey: 'shell.switchers.supplier',
        show: environment === Environment.Supplier && !visible.supplier,
      },
    ];
  return entries.flatMap((entry) => (entry.show && entry.name ? [{ ...entry, name: entry.name }] : []));
}
