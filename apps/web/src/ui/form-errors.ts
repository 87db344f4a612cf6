import type { ApiError } from '@xp/contracts';
import { GENERAL_ERROR } from '@xp/contracts/request';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { showError, showWarning } from './toasts';

/** Keys that belong to no field. */
const GENERAL_KEYS = new Set(['', 'general', GENERAL_ERROR, '$']);

const lowerFirst = (segment: string) => segment.charAt(0).toLowerCase() + segment.slice(1);

/**
 * Maps a server error key onto a react-hook-form field path (spec section 5): each dotted part gets its
 * first letter lowercased, and indexes become path segments: `Addresses[0].Street` -> `addresses.0.street`.
 */
export function toFieldName(key: string): string {
  return key
    .trim()
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((segment) => segment.length > 0)
    .map(lowerFirst)
    .join('.');
}

export interface AppliedServerErrors {
  /** Field paths that received an error. */
  fields: string[];
  /** Errors that belong to no (known) field. */
  unmapped: ApiError[];
}

/**
 * Sets each server error on its form field (the message stays a translation key; the inputs translate it)
 * and focuses the first. Errors without a field show one warning toast: the first such message, or
 * `general_error` when the list is empty. With `knownFields`, only those fields (and paths below them) count.
 */
export function applyServerErrors<T extends FieldValues>(
  errors: readonly ApiError[] | null | undefined,
  setError: UseFormSetError<T>,
  knownFields?: readonly string[],
): AppliedServerErrors {
  const fields: string[] = [];
  const unmapped: ApiError[] = [];
  const isKnown = (name: string) =>
    !knownFields || knownFields.some((known) => name === known || name.startsWith(`${known}.`));

  for (const error of errors ?? []) {
    const name = toFieldName(error.key ?? '');
    if (GENERAL_KEYS.has(name) || !isKnown(name)) {
      unmapped.push(error);
      continue;
    }
    setError(
      name as Path<T>,
      { type: 'server', message: error.message || 'validation.invalid' },
      { shouldFocus: fields.length === 0 },
    );
    if (!fields.includes(name)) fields.push(name);
  }

  if (fields.length === 0) showWarning(unmapped[0]?.message || GENERAL_ERROR);
  return { fields, unmapped };
}

/** The errors of a failed API call (an `ApiCallError`), or none for anything else. */
export const errorsOf = (error: unknown): readonly ApiError[] => {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as ApiError[]) : [];
};

/** The server's own message of a failure, when it says more than the general error. */
export function failureReason(error: unknown): string | undefined {
  return errorsOf(error).find((entry) => entry.message && entry.message !== GENERAL_ERROR)?.message;
}

/**
 * A failure as an error toast: `failure` ('Zaal kan niet worden toegevoegd'), with the server's own message
 * below it when it has one.
 */
export function showFailure(error: unknown, failure: string): void {
  const reason = failureReason(error);
  if (reason) showError(reason, { title: failure });
  else showError(failure);
}

/**
 * After a failed save: the server's errors on the form's `fields` (and paths below them) go onto those
 * fields; a failure that names none of them shows `failure` as a toast (`showFailure`).
 */
export function showSaveErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  failure: string,
): void {
  const onFields = errorsOf(error).filter((entry) => {
    const name = toFieldName(entry.key ?? '');
    return fields.some((field) => name === field || name.startsWith(`${field}.`));
  });
  if (onFields.length > 0) applyServerErrors(onFields, setError, fields);
  else showFailure(error, failure);
}
