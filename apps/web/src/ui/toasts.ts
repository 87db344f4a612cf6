import { notifications } from '@mantine/notifications';
import i18n from '@/i18n';
import { translateMessage } from './translate';

/** How long a toast stays (spec section 9). */
export const TOAST_AUTO_CLOSE_MS = 2500;

export interface ToastOptions {
  /** Translation key or text shown above the message. */
  title?: string;
  /** Overrides the 2500 ms auto-close (`false` keeps the toast open). */
  autoClose?: number | false;
}

type Kind = 'success' | 'error' | 'warning';
const colors: Record<Kind, string> = { success: 'green', error: 'red', warning: 'yellow' };

function show(kind: Kind, message: string, options: ToastOptions = {}): string {
  const t = i18n.t.bind(i18n);
  return notifications.show({
    color: colors[kind],
    title: options.title ? translateMessage(t, options.title) : undefined,
    message: translateMessage(t, message),
    autoClose: options.autoClose ?? TOAST_AUTO_CLOSE_MS,
    // Errors and warnings interrupt; success is announced politely.
    role: kind === 'success' ? 'status' : 'alert',
    'data-kind': kind,
    closeButtonProps: { 'aria-label': t('actions.close') },
  });
}

/** Shows a green toast; `message` is a translation key or already translated text. */
export const showSuccess = (message: string, options?: ToastOptions) => show('success', message, options);
/** Shows a red toast; `message` is a translation key or already translated text. */
export const showError = (message: string, options?: ToastOptions) => show('error', message, options);
/** Shows a yellow toast; `message` is a translation key or already translated text. */
export const showWarning = (message: string, options?: ToastOptions) => show('warning', message, options);
