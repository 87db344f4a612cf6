import { dutchToday, SIGN_UP_MAX_START_DAYS, signUpInput } from '@xp/contracts';
import type { z } from 'zod';

/** The sign-up as the form edits it: texts ('' for empty), ids and salutation null until chosen, days `YYYY-MM-DD`. */
export interface SignUpFormValues {
  locationId: number | null;
  subscriptionId: number | null;
  variantId: number | null;
  startDate: string | null;
  email: string;
  password: string;
  confirmPassword: string;
  phoneNumber: string;
  gender: number | null;
  firstName: string;
  insertion: string;
  lastName: string;
  dateOfBirth: string | null;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  accountHolder: string;
  iban: string;
  kiosk: boolean;
  /** The honeypot: hidden from people and from assistive technology, so left empty. */
  website: string;
}

export type SignUpFormOutput = z.output<typeof signUpInput>;

/** The contract's `signUpInput` (the server's rules), typed by the values the form holds. */
export const signUpFormSchema = signUpInput as unknown as z.ZodType<SignUpFormOutput, SignUpFormValues>;

/** The personal data step's fields, in the order the step shows them. */
export const personalFields = [
  'startDate',
  'email',
  'password',
  'confirmPassword',
  'gender',
  'firstName',
  'insertion',
  'lastName',
  'dateOfBirth',
  'phoneNumber',
  'street',
  'houseNumber',
  'postalCode',
  'city',
  'accountHolder',
  'iban',
  'website',
] as const satisfies readonly (keyof SignUpFormValues)[];

export const membershipFields = ['subscriptionId', 'variantId'] as const;

/** Every field a server error can land on. */
export const signUpFormFields: readonly string[] = ['locationId', ...membershipFields, ...personalFields];

export const emptySignUp = (kiosk: boolean, locationId: number | null = null): SignUpFormValues => ({
  locationId,
  subscriptionId: null,
  variantId: null,
  startDate: dutchToday(),
  email: '',
  password: '',
  confirmPassword: '',
  phoneNumber: '',
  gender: null,
  firstName: '',
  insertion: '',
  lastName: '',
  dateOfBirth: null,
  street: '',
  houseNumber: '',
  postalCode: '',
  city: '',
  accountHolder: '',
  iban: '',
  kiosk,
  website: '',
});

/** The days a membership may start on: today up to three months ahead (the contract's rule). */
export function startDateRange(today = dutchToday()) {
  const latest = new Date(`${today}T00:00:00Z`);
  latest.setUTCDate(latest.getUTCDate() + SIGN_UP_MAX_START_DAYS);
  return { first: today, last: latest.toISOString().slice(0, 10) };
}

/** An IBAN in groups of four as it is typed ('nl91abna04' -> 'NL91 ABNA 04'); the server reads it either way. */
export const groupIban = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
