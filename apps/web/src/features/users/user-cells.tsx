import { Badge, Group, Text } from '@mantine/core';
import type { Role, UserOverviewItem } from '@xp/contracts';
import { useTranslation } from 'react-i18next';
import { useClaims } from '@/app/session';
import type { ListColumn } from '@/ui/generic-list';
import { formatDate } from '@/ui/inputs/date-utils';

const roleColors: Record<Role, string> = {
  Admin: 'grape',
  Employee: 'blue',
  ContentCreator: 'orange',
  Employer: 'teal',
  Supplier: 'cyan',
};

/** The name, with 'Jij' on the signed-in user's own row. */
function NameCell({ user }: { user: UserOverviewItem }) {
  const { t } = useTranslation();
  const claims = useClaims();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={600}>
        {user.name}
      </Text>
      {claims?.userId === user.id && (
        <Badge size="sm" variant="outline" color="gray">
          {t('users.you')}
        </Badge>
      )}
    </Group>
  );
}

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={roleColors[role]}>
      {t(`users.roles.${role}`)}
    </Badge>
  );
}

export function TfaBadge({ isEnabled }: { isEnabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant={isEnabled ? 'light' : 'outline'} color={isEnabled ? 'green' : 'gray'}>
      {t(isEnabled ? 'users.tfa.on' : 'users.tfa.off')}
    </Badge>
  );
}

/** The columns both user lists share; `role` only where users of several roles show. */
export const userColumns = {
  name: {
    id: 'name',
    header: 'users.fields.name',
    sortField: 'name',
    cell: (user) => <NameCell user={user} />,
    exportValue: (user) => user.name,
  },
  email: {
    id: 'email',
    header: 'users.fields.email',
    sortField: 'email',
    cell: (user) => <Text size="sm">{user.email}</Text>,
    exportValue: (user) => user.email,
  },
  role: {
    id: 'role',
    header: 'users.fields.role',
    sortField: 'role',
    cell: (user) => <RoleBadge role={user.role} />,
    exportValue: (user, { t }) => t(`users.roles.${user.role}`),
  },
  tfa: {
    id: 'isTfaEnabled',
    header: 'users.fields.isTfaEnabled',
    cell: (user) => <TfaBadge isEnabled={user.isTfaEnabled} />,
    exportValue: (user) => user.isTfaEnabled,
  },
  createdAt: {
    id: 'createdAt',
    header: 'users.fields.createdAt',
    sortField: 'createdAt',
    cell: (user) => <Text size="sm">{formatDate(user.createdAt)}</Text>,
    exportValue: (user, { date }) => date(user.createdAt),
  },
} satisfies Record<string, ListColumn<UserOverviewItem>>;
