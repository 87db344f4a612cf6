import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '@/i18n';
import { MODAL_SIZES, MODAL_TRANSITION_MS } from './modal-sizes';
import { modalsReady } from './overlays';
import { showError } from './toasts';
import { translateMessage } from './translate';

export interface ConfirmOptions {
  /** Translation key or text; default 'Weet je het zeker?'. */
  title?: string;
  /** Translation key or text, or any content. */
  message: ReactNode;
  /** Translation keys or text; default 'Bevestigen' / 'Annuleren'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Colour of the confirm button, e.g. 'red' for a delete. */
  color?: string;
  /**
   * Runs on confirm while the button shows loading; return `false` to keep the modal open. A thrown error
   * keeps it open and shows the general error toast (handle your own errors to show a better one).
   */
  onConfirm?: () => unknown;
}

export interface ConfirmContentProps extends ConfirmOptions {
  onCancel: () => void;
  onConfirmed: () => void;
  onBusyChange?: (isBusy: boolean) => void;
}

/** The body of a confirmation: the message and 'Annuleren' / 'Bevestigen' (`openConfirm`, `ConfirmModal`). */
export function ConfirmContent({
  message,
  confirmLabel,
  cancelLabel,
  color,
  onConfirm,
  onCancel,
  onConfirmed,
  onBusyChange,
}: ConfirmContentProps) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const busy = (value: boolean) => {
    setBusy(value);
    onBusyChange?.(value);
  };

  const confirm = async () => {
    busy(true);
    let isDone = false;
    try {
      isDone = (await onConfirm?.()) !== false;
    } catch {
      showError('general_error');
    }
    busy(false);
    if (isDone) onConfirmed();
  };

  return (
    <Stack gap="lg">
      {typeof message === 'string' ? <Text size="sm">{translateMessage(t, message)}</Text> : message}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={isBusy}>
          {cancelLabel ? translateMessage(t, cancelLabel) : t('ui.actions.cancel')}
        </Button>
        <Button color={color} onClick={() => void confirm()} loading={isBusy} data-autofocus>
          {confirmLabel ? translateMessage(t, confirmLabel) : t('ui.actions.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

let confirmCount = 0;

/**
 * Opens a confirmation imperatively (needs the app's `ModalsProvider`); resolves `true` once confirmed (and
 * `onConfirm` succeeded), `false` when cancelled or closed.
 */
export async function openConfirm(options: ConfirmOptions): Promise<boolean> {
  confirmCount += 1;
  const modalId = `confirm-${confirmCount}`;
  await modalsReady;
  return new Promise<boolean>((resolve) => {
    const setBusy = (isBusy: boolean) =>
      modals.updateModal({ modalId, closeOnEscape: !isBusy, closeOnClickOutside: !isBusy });
    modals.open({
      modalId,
      title: <ConfirmTitle title={options.title} />,
      size: MODAL_SIZES.default,
      centered: true,
      transitionProps: { duration: MODAL_TRANSITION_MS },
      closeButtonProps: { 'aria-label': i18n.t('ui.modal.close') },
      onClose: () => resolve(false),
      children: (
        <ConfirmContent
          {...options}
          onBusyChange={setBusy}
          onCancel={() => modals.close(modalId)}
          onConfirmed={() => {
            resolve(true);
            modals.close(modalId);
          }}
        />
      ),
    });
  });
}

function ConfirmTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  return <>{title ? translateMessage(t, title) : t('ui.confirm.title')}</>;
}

/** `const confirm = useConfirm(); if (await confirm({ message })) ...` */
export function useConfirm() {
  return useCallback((options: ConfirmOptions) => openConfirm(options), []);
}
