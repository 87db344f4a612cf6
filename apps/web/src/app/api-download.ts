import type { Envelope } from '@xp/contracts';
import { GENERAL_ERROR } from '@xp/contracts/request';
import { ApiCallError, refreshSession } from './api-client';

/**
 * Downloads a file the server answers as bytes under `/api<path>` (a platform route, not a contract call:
 * the example files of the imports) and saves it as `fileName`. An expired session is refreshed once; a
 * failure throws `ApiCallError` with the server's errors.
 */
export async function downloadApiFile(path: string, fileName: string): Promise<void> {
  const get = () => fetch(`/api${path}`, { credentials: 'same-origin' });
  let response: Response;
  try {
    response = await get();
    if (
      response.status === 401 &&
      response.headers.get('Token-Expired') === 'true' &&
      (await refreshSession())
    ) {
      response = await get();
    }
  } catch {
    throw new ApiCallError(0, [{ key: 'general', message: GENERAL_ERROR }]);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    const errors = envelope?.errors?.length ? envelope.errors : [{ key: 'general', message: GENERAL_ERROR }];
    throw new ApiCallError(response.status, errors);
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
