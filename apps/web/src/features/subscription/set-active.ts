import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/ui/confirm-modal';
import { showFailure } from '@/ui/form-errors';
import { showSuccess } from '@/ui/toasts';
import { useSetSubscriptionActive } from './api';

interface ConfirmSetActiveOptions {
  /** After the change (the list's tab counts changed). */
  onChanged?: () => void;
}

/**
 * Activating or deactivating a subscription, in both directions after a confirmation ('Annuleren' /
 * 'Bevestigen'): a non-active subscription cannot be newly taken out, the memberships that run keep running.
 */
export function useConfirmSetActive({ onChanged }: ConfirmSetActiveOptions = {}) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const setActive = useSetSubscriptionActive();
  return (subscription: { id: number; name: string }, isActive: boolean) => {
    const texts = isActive ? 'subscription.activate' : 'subscription.deactivate';
    const { name } = subscription;
    return confirm({
      title: `${texts}.title`,
      message: t(`${texts}.message`, { name }),
      color: isActive ? undefined : 'red',
      onConfirm: async () => {
        try {
          await setActive.mutateAsync({ params: { id: subscription.id }, body: { isActive } });
          onChanged?.();
          showSuccess(t(`${texts}.done`, { name }));
        } catch (error) {
          showFailure(error, `${texts}.failed`);
        }
      },
    });
  };
}
