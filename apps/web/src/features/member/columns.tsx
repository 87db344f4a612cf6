import { Text } from '@mantine/core';
import type { ListColumn } from '@/ui/generic-list';

/** The member's name, sortable, as the member lists show it first. */
export function nameColumn<T extends { fullName: string }>(): ListColumn<T> {
  return {
    id: 'name',
    header: 'member.fields.name',
    sortField: 'name',
    cell: (item) => (
      <Text size="sm" fw={600}>
        {item.fullName}
      </Text>
    ),
    exportValue: (item) => item.fullName,
  };
}

/** The member's e-mail address, broken before the '@' where the column is narrow. */
export function emailColumn<T extends { email: string | null }>(): ListColumn<T> {
  return {
    id: 'email',
    header: 'member.fields.email',
    cell: (item) => <EmailAddress email={item.email} />,
    exportValue: (item) => item.email,
  };
}

/** An e-mail address that may break before its '@' (a long address in a narrow column). */
export function EmailAddress({ email }: { email: string | null }) {
  if (!email) return null;
  const at = email.indexOf('@');
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </Text>
  );
}
