import { Gender } from '@xp/contracts';
import { addDays } from '@xp/contracts/dates';

/* The cell values of the member import: dates, genders, IBANs and mandate references. */

// -------------------------------------------------------------------------------------------- values

export const EXCEL_EPOCH = '1899-12-30';

/**
 * A date as YYYY-MM-DD from YYYY-MM-DD, DD-MM-YYYY (also with `/` or `.`, days and months of one digit)
 * or, from an .xlsx, the serial number Excel keeps a date cell as (five digits: 1927-2173); undefined when it is no real date.
 */
export function parseDate(text: string, allowSerial: boolean): string | undefined {
  let year: number;
  let month: number;
  let day: number;
  const isoLike = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const dutch = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (isoLike) [year, month, day] = [Number(isoLike[1]), Number(isoLike[2]), Number(isoLike[3])];
  else if (dutch) [day, month, year] = [Number(dutch[1]), Number(dutch[2]), Number(dutch[3])];
  else if (allowSerial && /^\d{5}(\.\d+)?$/.test(text)) {
    return addDays(EXCEL_EPOCH, Math.floor(Number(text)));
  } else return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

export const GENDERS: Record<string, number> = {
  m: Gender.Male,
  man: Gender.Male,
  male: Gender.Male,
  v: Gender.Female,
  vrouw: Gender.Female,
  f: Gender.Female,
  female: Gender.Female,
};

/** An IBAN without spaces, uppercase, when its form and ISO 13616 check digits (mod 97) are right. */
export function normaliseIban(text: string): string | undefined {
  const iban = text.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return undefined;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1 ? iban : undefined;
}

/** SEPA's mandate reference: at most 35 of these characters. */
export const MANDATE_REFERENCE = /^[A-Za-z0-9+?/\-:().,' ]{1,35}$/;
