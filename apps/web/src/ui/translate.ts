import type { TFunction } from 'i18next';

/**
 * Translates a message that is either a translation key (`validation.required`, as the server and the zod
 * setup send them) or text that is already readable; unknown keys pass through unchanged.
 */
export function translateMessage(t: TFunction, message: string | null | undefined): string {
  if (!message) return '';
  const translated: unknown = t(message, { defaultValue: message });
  return typeof translated === 'string' ? translated : message;
}
