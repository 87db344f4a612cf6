import type { ApiError } from '@xp/contracts';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { applyServerErrors, errorsOf, showFailure } from '@/ui/form-errors';

/**
 * After a failed save of a list row in its modal: the server's errors on that row
 * (`addresses[2].postalCode`) go onto the modal's fields (`postalCode`); anything else is a toast.
 */
export function showRowErrors<T extends FieldValues>(
  error: unknown,
  list: 'addresses' | 'contacts',
  index: number,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  failure: string,
): void {
  const prefix = `${list}[${index}].`;
  const onRow: ApiError[] = errorsOf(error)
    .filter((entry) => entry.key?.startsWith(prefix))
    .map((entry) => ({ ...entry, key: entry.key.slice(prefix.length) }));
  if (onRow.length > 0) applyServerErrors(onRow, setError, fields);
  else showFailure(error, failure);
}
