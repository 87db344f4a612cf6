import { Badge, type MantineColor } from '@mantine/core';
import { ProductOrderStatus } from '@xp/contracts/enums';
import { useTranslation } from 'react-i18next';

const statusColor: Record<number, MantineColor> = {
  [ProductOrderStatus.New]: 'blue',
  [ProductOrderStatus.Paid]: 'teal',
  [ProductOrderStatus.Prepared]: 'orange',
  [ProductOrderStatus.Planned]: 'violet',
  [ProductOrderStatus.Delivered]: 'green',
};

export function OrderStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColor[status] ?? 'gray'} size="sm" style={{ flex: 'none' }}>
      {t(`productOrder.status.${status}`)}
    </Badge>
  );
}
