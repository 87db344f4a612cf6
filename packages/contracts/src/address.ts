import { z } from './zod-setup.ts';

/**
 * Dutch postal code: four digits (not starting with 0), optional space, two letters (not SA, SD, SS);
 * normalised to `1234 AB`.
 */
export const dutchPostalCode = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Z]{2}$/i, 'validation.postalCode')
  .transform((value) => `${value.slice(0, 4)} ${value.slice(-2).toUpperCase()}`);
