import { Badge, type MantineColor } from '@mantine/core';
import { MemberStatus, MembershipState } from '@xp/contracts/enums';
import { useTranslation } from 'react-i18next';

const statusColors: Record<number, MantineColor> = {
  [MemberStatus.Active]: 'green',
  [MemberStatus.NonActive]: 'orange',
  [MemberStatus.Sleeping]: 'gray',
};

/** 'Actief' / 'Niet-actief' / 'Slapend' (spec 001 section 4: 3, 1, 2). */
export function MemberStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="light" color={statusColors[status] ?? 'gray'} style={{ flexShrink: 0 }}>
      {t(`member.status.${status}`)}
    </Badge>
  );
}

const stateColors: Record<number, MantineColor> = {
  [MembershipState.Future]: 'blue',
  [MembershipState.Running]: 'green',
  [MembershipState.Paused]: 'yellow',
  [MembershipState.Ended]: 'gray',
};

/** Where a membership stands today: 'Toekomstig', 'Lopend', 'Gepauzeerd', 'Beëindigd'. */
export function MembershipStateBadge({ state }: { state: number }) {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="dot" color={stateColors[state] ?? 'gray'} style={{ flexShrink: 0 }}>
      {t(`member.membershipState.${state}`)}
    </Badge>
  );
}
