import { ActionIcon, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequiredClaims } from '@/app/session';
import { useOpenedOnce } from '@/ui/lazy-modal';
import { formatXp } from '@/ui/money';
import { mayReadXpBalance } from './access';
import { useEmployerBalance } from './api';

// The form (and its form library and schemas) loads when first opened.
const BuyXpModal = lazy(() => import('./buy-xp-modal').then((module) => ({ default: module.BuyXpModal })));

/**
 * The header's 'XP-saldo' of the active employer with '+' to buy XP (spec 000 section 2). Shows nothing
 * without an active employer or while the balance cannot be had: the header stays as it is.
 */
export function EmployerBalance() {
  const { t } = useTranslation();
  const claims = useRequiredClaims();
  const employerId = mayReadXpBalance(claims) ? claims.activeEmployerId : null;
  const balance = useEmployerBalance(employerId);
  const navigate = useNavigate();
  const [isBuying, setBuying] = useState(false);
  const isMounted = useOpenedOnce(isBuying);
  if (employerId === null || !balance.data) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        <VisuallyHidden>{t('xp.balance.label')} </VisuallyHidden>
        {formatXp(balance.data.amountOfXp)}
      </Text>
      <ActionIcon
        variant="light"
        radius="xl"
        aria-label={t('xp.balance.buy')}
        title={t('xp.balance.buy')}
        onClick={() => setBuying(true)}
      >
        <IconPlus size={16} aria-hidden />
      </ActionIcon>
      {isMounted && (
        <Suspense fallback={null}>
          <BuyXpModal
            employerId={employerId}
            balance={balance.data}
            opened={isBuying}
            onClose={() => setBuying(false)}
            onDirectDebit={(invoiceId) =>
              void navigate({
                to: '/employer/xptransactions/invoices/$openInvoiceId',
                params: { openInvoiceId: String(invoiceId) },
              })
            }
          />
        </Suspense>
      )}
    </Group>
  );
}
