import dayjs from 'dayjs';

/** The time of day now in the Netherlands (the location's local time, as entries are kept), 'HH:mm'. */
export function dutchTimeNow(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
}

/** A calendar day 'YYYY-MM-DD' as the screens show it, 'DD-MM-YYYY'. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}-${month}-${year}` : day;
}

/** An instant (ISO-8601) in the Dutch local time: 'DD-MM-YYYY HH:mm'. */
export { formatMoment } from '@xp/contracts/dutch-time';

/** The time of a refresh, 'HH:mm:ss' in the browser's clock. */
export const clockTime = (at: number) => dayjs(at).format('HH:mm:ss');
