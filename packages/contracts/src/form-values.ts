import { z } from './zod-setup.ts';

/*
 * Field schemas that take form text parts as well as the values of a client-side form, shared by the
 * domains' contracts (a small module: a screen that needs one of them loads no other domain's schemas).
 */

/** Empty text parts count as "not given". */
export const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A form text part of digits as its number; blank parts as not given. */
const enumNumber = (value: unknown) => {
  const given = blankToUndefined(value);
  return typeof given === 'string' && /^-?\d+$/.test(given.trim()) ? Number(given) : given;
};
const enumSchema = (values: Record<string, number>) => {
  const allowed = new Set(Object.values(values));
  return z
    .number()
    .int()
    .refine((value) => allowed.has(value), { message: 'validation.invalidValue' });
};

/** One value of a numeric enumeration, as a number or a form text part. */
export const enumValue = (values: Record<string, number>) => z.preprocess(enumNumber, enumSchema(values));
/** The same, optional: an empty part or query parameter counts as not given (list filters). */
export const optionalEnumValue = (values: Record<string, number>) =>
  z.preprocess(enumNumber, enumSchema(values).optional());

/** HH:mm, hours 0-23 and minutes 0-59 (spec 000 section 5). */
export const timeOfDayText = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time');
