import { Badge } from '@mantine/core';
import { SupplierStatus, supplierTabOfStatus } from '@xp/contracts';
import { useTranslation } from 'react-i18next';

const colors: Record<number, string> = {
  [SupplierStatus.Pending]: 'yellow',
  [SupplierStatus.Active]: 'green',
  [SupplierStatus.Denied]: 'red',
  [SupplierStatus.Disabled]: 'gray',
};

/** The translation key of a supplier's state ('In afwachting', 'Actief', 'Afgewezen', 'Uitgeschakeld'). */
export const statusLabelKey = (status: number) => `supplier.status.${supplierTabOfStatus(status)}`;

export function SupplierStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[status] ?? 'gray'} variant="light">
      {t(statusLabelKey(status))}
    </Badge>
  );
}
