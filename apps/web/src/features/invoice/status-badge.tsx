import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = {
  0: 'gray',
  1: 'blue',
  2: 'gray',
  3: 'red',
  4: 'green',
  5: 'orange',
  6: 'yellow',
  7: 'red',
};

/** An invoice's status (spec 001 section 4: 0 Draft ... 7 Charged back). */
export function InvoiceStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="light" color={COLORS[status] ?? 'gray'}>
      {t(`invoice.status.${status}`)}
    </Badge>
  );
}

/** A credit invoice: it cancels another, its amounts are negative. */
export function CreditBadge() {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="outline" color="gray">
      {t('invoice.credit')}
    </Badge>
  );
}
