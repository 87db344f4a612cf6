import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmContent, type ConfirmOptions } from './confirm-modal';
import { MODAL_SIZES, MODAL_TRANSITION_MS } from './modal-sizes';
import { translateMessage } from './translate';

/** A module of its own: the lists use `openConfirm` (`confirm-modal.tsx`), which needs no Modal of theirs. */
export interface ConfirmModalProps extends ConfirmOptions {
  opened: boolean;
  /** Called on cancel, close, and after a successful confirm. */
  onClose: () => void;
}

/** A controlled confirmation dialog with 'Annuleren' / 'Bevestigen'. */
export function ConfirmModal({ opened, onClose, title, ...options }: ConfirmModalProps) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!isBusy) onClose();
      }}
      title={title ? translateMessage(t, title) : t('ui.confirm.title')}
      size={MODAL_SIZES.default}
      centered
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('ui.modal.close') }}
    >
      <ConfirmContent {...options} onCancel={onClose} onConfirmed={onClose} onBusyChange={setBusy} />
    </Modal>
  );
}
