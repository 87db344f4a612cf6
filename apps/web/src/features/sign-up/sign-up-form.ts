import {
  completeSignUpInput,
  dutchToday,
  Gender,
  type OpenRegistration,
  signUpInput,
  signUpStartRange,
} from '@xp/contracts';
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

export type CompleteFormOutput = z.output<typeof completeSignUpInput>;

/**
 * Finishing a registration begun at the desk: the same values, checked by the contract's
 * `completeSignUpInput` (the personal data without club, membership and start, which the desk chose; those
 * fields stay null in the form and are not sent).
 */
export const completeFormSchema = completeSignUpInput as unknown as z.ZodType<
  CompleteFormOutput,
  SignUpFormValues
>;

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

/** The fields of finishing a registration begun at the desk: the personal data step's, without the start. */
export const completeFields = personalFields.filter(
  (name): name is Exclude<(typeof personalFields)[number], 'startDate'> => name !== 'startDate',
);

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

/** The form of finishing a registration begun at the desk, filled with what the desk typed. */
export const prefilledSignUp = (registration: OpenRegistration, kiosk: boolean): SignUpFormValues => ({
  ...emptySignUp(kiosk),
  startDate: null,
  email: registration.email ?? '',
  phoneNumber: registration.phoneNumber ?? '',
  gender:
    registration.gender === Gender.Male || registration.gender === Gender.Female ? registration.gender : null,
  firstName: registration.firstName,
  insertion: registration.insertion ?? '',
  lastName: registration.lastName,
  dateOfBirth: registration.dateOfBirth,
  street: registration.street ?? '',
  houseNumber: registration.houseNumber ?? '',
  postalCode: registration.postalCode ?? '',
  city: registration.city ?? '',
});

/**
 * The form field of a server error's key (the sign-up's keys are flat: `Iban` -> `iban`). Not the kit's
 * `toFieldName`: its module brings the toasts, and with them the texts' module, into the sign-up's chunk,
 * which then splits the texts' module into a first-screen chunk of its own.
 */
export const fieldOf = (key: string) => key.charAt(0).toLowerCase() + key.slice(1);

/** The days a membership may start on: today up to three months ahead (the contract's rule). */
export const startDateRange = signUpStartRange;

/** An IBAN in groups of four as it is typed ('nl91abna04' -> 'NL91 ABNA 04'); the server reads it either way. */
export const groupIban = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
