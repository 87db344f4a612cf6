/**
 * Instants as the Netherlands reads them (`@xp/contracts/dutch-time`: no schemas, so the web's first screen
 * and the API's files may import it alike).
 */

/** An instant (ISO-8601) in the Dutch local time: 'DD-MM-YYYY HH:mm' ('' for a text that is no instant). */
export function formatMoment(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}
