import { Badge } from '@mantine/core';
import { EntrySource } from '@xp/contracts';
import { useTranslation } from 'react-i18next';

const colors: Record<number, string> = {
  [EntrySource.CheckIn]: 'blue',
  [EntrySource.Desk]: 'gray',
  [EntrySource.Approved]: 'orange',
};

/** How an entry came about: 'Check-in', 'Balie' or 'Toegelaten'. */
export function SourceBadge({ source }: { source: number }) {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="light" color={colors[source] ?? 'gray'}>
      {t(`entry.source.${source}`)}
    </Badge>
  );
}
