import type { OpenRegistration, PublicClub, PublicLocation, PublicSubscription } from '@xp/contracts';
import { expect } from 'vitest';
import { queryOf, type RecordedRequest, type Reply, type Routes } from '@/test/fake-api';
import { screen, type userEvent, waitFor, within } from '@/test/render';

/** Fixtures and steps the sign-up's tests share. */

export const vitaal = { id: 3, name: 'Vitaal', slug: 'vitaal', bannerHash: null };

export const centrum: PublicLocation = {
  id: 7,
  name: 'Vitaal Utrecht Centrum',
  slug: 'utrecht-centrum',
  street: 'Oudegracht',
  houseNumber: '12',
  postalCode: '3511 AB',
  city: 'Utrecht',
};
export const overvecht: PublicLocation = {
  id: 8,
  name: 'Vitaal Overvecht',
  slug: 'overvecht',
  street: 'Zambesidreef',
  houseNumber: '3',
  postalCode: '3561 AA',
  city: 'Utrecht',
};
export const clubs: PublicClub[] = [
  { ...centrum, gym: vitaal },
  { ...overvecht, gym: vitaal },
];

const monthly = {
  oneOffCosts: 1_995,
  pricePerPeriod: 2_995,
  durationPeriodAmount: 12,
  durationPeriodType: 1,
  paymentPerPeriodAmount: 1,
  paymentPerPeriodType: 1,
  noticePeriodAmount: 1,
  noticePeriodType: 1,
  accessType: 0,
  accessPerPeriodAmount: null,
  accessPerPeriodType: null,
};

export const subscriptions: PublicSubscription[] = [
  {
    id: 11,
    name: 'Basis',
    description: 'Sporten wanneer je wilt',
    type: 0,
    vatRate: 21,
    ageGroups: [],
    variants: [{ id: 101, name: 'Maandelijks', ...monthly }],
  },
  {
    id: 12,
    name: 'Student',
    description: null,
    type: 0,
    vatRate: 21,
    ageGroups: [{ minimumAge: 16, maximumAge: 25 }],
    variants: [
      {
        id: 201,
        name: 'Per 4 weken',
        ...monthly,
        oneOffCosts: 0,
        pricePerPeriod: 1_995,
        paymentPerPeriodAmount: 4,
        paymentPerPeriodType: 0,
        accessType: 1,
        accessPerPeriodAmount: 2,
        accessPerPeriodType: 0,
      },
    ],
  },
];

export const CHECKOUT_URL = 'https://pay.example.test/checkout/tr_1';
export const RESULT_TOKEN = '42.abcdefghijklmnopqrstuv';

/**
 * `GET /api/Location/Public` as the server answers it: the gym's clubs with their gym, or the one club of
 * `locationSlug` (none when the gym has no such club).
 */
export const publicClubsRoute =
  (given: readonly PublicClub[] = clubs) =>
  (request: RecordedRequest): Reply => {
    const slug = queryOf(request).locationSlug;
    return { data: { items: given.filter((club) => slug === undefined || club.slug === slug) } };
  };

/** The calls of the sign-up pages: a gym's clubs (or one by its slug), clubs near a postal code, memberships. */
export const clubPageRoutes: Routes = {
  'GET /api/Location/Public': publicClubsRoute(),
  'GET /api/Location/InRangeOfPostalCode': () => ({ data: { items: clubs, total: 2 } }),
  'GET /api/Subscription/Public': () => ({ data: subscriptions }),
};

/** The code of a desk's link to finish a registration, and what the desk filled in. */
export const PUBLIC_CODE = 'AbCdEfGhIjKlMnOp_Qr-St';
export const openRegistration: OpenRegistration = {
  gymName: 'Vitaal',
  locationName: 'Vitaal Utrecht Centrum',
  firstName: 'Noor',
  insertion: 'van',
  lastName: 'Visser',
  email: 'noor@example.com',
  phoneNumber: '06 12345678',
  gender: 1,
  dateOfBirth: '1990-04-12',
  street: 'Lange Nieuwstraat',
  houseNumber: '8',
  postalCode: '3512 PN',
  city: 'Utrecht',
  memberships: [{ subscriptionName: 'Basis', variantName: 'Maandelijks', startDate: '2026-12-01' }],
};

type User = ReturnType<typeof userEvent.setup>;

export const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

/** Chooses a variant on the membership step and goes on. */
export async function chooseVariant(user: User, name: RegExp) {
  await user.click(await screen.findByRole('radio', { name }));
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  await screen.findByRole('heading', { level: 2, name: 'Gegevens' });
}

export interface Person {
  dateOfBirth?: string;
  iban?: string;
  email?: string;
}

/** Fills the personal data step as a person would (once it is in: it loads after the first screen). */
export async function fillPersonal(user: User, person: Person = {}) {
  await screen.findByLabelText(/^E-mailadres/, { selector: 'input' });
  await user.type(field(/^E-mailadres/), person.email ?? 'noor@example.com');
  await user.type(field(/^Wachtwoord/), 'lang-genoeg-2026');
  await user.type(field(/^Herhaal wachtwoord/), 'lang-genoeg-2026');
  await user.click(screen.getByRole('radio', { name: 'Mevr.' }));
  await user.type(field(/^Voornaam/), 'Noor');
  await user.type(field(/^Achternaam/), 'Visser');
  await user.type(field(/^Geboortedatum/), person.dateOfBirth ?? '12-04-1990');
  await user.type(field(/^Telefoonnummer/), '06 12345678');
  await user.type(field(/^Straat/), 'Lange Nieuwstraat');
  await user.type(field(/^Huisnummer/), '8');
  await user.type(field(/^Postcode/), '3512pn');
  await user.type(field(/^Plaats/), 'Utrecht');
  await user.type(field(/^Naam rekeninghouder/), 'N. Visser');
  await user.type(field(/^IBAN/), person.iban ?? 'nl91abna0417164300');
}

/** From the personal data step to the summary, the mandate given, and 'Inschrijven en betalen'. */
export async function confirmAndSubmit(user: User) {
  await user.click(screen.getByRole('button', { name: 'Volgende' }));
  await screen.findByRole('heading', { level: 2, name: 'Overzicht' });
  await user.click(screen.getByRole('checkbox', { name: /automatische incasso/ }));
  await user.click(screen.getByRole('button', { name: 'Inschrijven en betalen' }));
}

/** The error shown under a field (its description). */
export function errorOf(name: RegExp) {
  const input = field(name);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '');
  return texts.join(' ');
}

/** The step's heading shows, and its content (a later step loads after the first screen: `later-steps.ts`). */
export async function expectStep(name: string) {
  expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText(/Een moment geduld/)).toBeNull());
}

export { within };
