import type { BillingSettings, LocationDetail, LocationSummary, OpeningHours } from '@xp/contracts';

export const utrecht: LocationDetail = {
  id: 5,
  gymId: 10,
  name: 'Vitaal Utrecht Centrum',
  slug: 'vitaal-utrecht-centrum',
  email: 'utrecht@vitaal.example.com',
  street: 'Oudegracht',
  houseNumber: '120',
  postalCode: '3511 AZ',
  city: 'Utrecht',
  memberExpectedInsideTime: 90,
  visibleOnRegistrationPage: true,
  qrCode: 'Qm9vdGNhbXAtR3JpZnRwYXJr',
  qrCodeIssuedAt: '2026-03-01T09:30:00.000Z',
  statusRequirements: [
    { memberStatus: 1, requiredDaysOfAbsence: 30 },
    { memberStatus: 2, requiredDaysOfAbsence: 90 },
  ],
};

const summary = ({
  id,
  name,
  slug,
  email,
  street,
  houseNumber,
  postalCode,
  city,
  visibleOnRegistrationPage,
}: LocationDetail): LocationSummary => ({
  id,
  name,
  slug,
  email,
  street,
  houseNumber,
  postalCode,
  city,
  visibleOnRegistrationPage,
});

export const amersfoort: LocationDetail = {
  ...utrecht,
  id: 6,
  name: 'Vitaal Amersfoort',
  slug: 'vitaal-amersfoort',
  email: null,
  street: 'Stationsplein',
  houseNumber: '15',
  postalCode: '3818 LE',
  city: 'Amersfoort',
  visibleOnRegistrationPage: false,
  qrCode: null,
  qrCodeIssuedAt: null,
};

export const locationRows: LocationSummary[] = [summary(amersfoort), summary(utrecht)];

/** Closed on Sunday, a lunch break on Tuesday. */
export const week: OpeningHours = {
  locationId: 5,
  days: [
    { weekday: 0, closed: true, ranges: [] },
    { weekday: 1, closed: false, ranges: [{ from: '07:00', to: '22:00' }] },
    {
      weekday: 2,
      closed: false,
      ranges: [
        { from: '07:00', to: '12:30' },
        { from: '13:30', to: '22:00' },
      ],
    },
    { weekday: 3, closed: false, ranges: [{ from: '07:00', to: '22:00' }] },
    { weekday: 4, closed: false, ranges: [{ from: '07:00', to: '22:00' }] },
    { weekday: 5, closed: false, ranges: [{ from: '07:00', to: '21:00' }] },
    { weekday: 6, closed: false, ranges: [{ from: '09:00', to: '14:00' }] },
  ],
};

/** The dunning rules of Utrecht: refuse a member in debt, retry after 3 days, in debt 7 days past due. */
export const dunning: BillingSettings = {
  locationId: 5,
  debtPolicy: 0,
  paymentRetryDays: 3,
  paymentGraceDays: 7,
};
