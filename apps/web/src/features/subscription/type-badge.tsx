import { Badge } from '@mantine/core';
import { SubscriptionType } from '@xp/contracts/enums';
import { useTranslation } from 'react-i18next';

/** 'Doorlopend' or 'Prepaid'. */
export function TypeBadge({ type }: { type: number }) {
  const { t } = useTranslation();
  return (
    <Badge component="span" variant="light" color={type === SubscriptionType.Prepaid ? 'grape' : 'blue'}>
      {t(`subscription.type.${type}`)}
    </Badge>
  );
}
