import { type APIRequestContext, expect, request } from '@playwright/test';
import { DEMO_PASSWORD } from './session';

/** The data of an API answer, failing with the answer's body when the call did not succeed. */
export async function data<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = await answer.text();
  expect(answer.ok(), `${answer.url()}: ${body}`).toBe(true);
  return (JSON.parse(body) as { data: T }).data;
}

/** The demo gym employee's API session, and the id of their location Vitaal Utrecht Centrum. */
export interface GymEmployeeApi {
  api: APIRequestContext;
  utrechtId: number;
}

/**
 * Runs `act` through the API as the demo gym employee (what their journeys would otherwise do on screen
 * first); the session ends afterwards, also when `act` fails.
 */
export async function asGymEmployee<T>(
  baseURL: string,
  act: (gym: GymEmployeeApi) => Promise<T>,
): Promise<T> {
  const api = await request.newContext({ baseURL });
  try {
    await data(
      await api.post('/api/account/cookielogin', {
        data: { email: 'gym@example.com', password: DEMO_PASSWORD },
      }),
    );
    // By its whole name: the many-locations journey adds 'Vitaal Filiaal N' locations in Utrecht, which
    // sort before it and would fill the first page of a search for 'Utrecht'.
    const locations = await data<{ items: { id: number; name: string }[] }>(
      await api.get('/api/Location', { params: { search: 'Vitaal Utrecht Centrum' } }),
    );
    const utrecht = locations.items.find((location) => location.name === 'Vitaal Utrecht Centrum');
    expect(utrecht, JSON.stringify(locations.items)).toBeTruthy();
    return await act({ api, utrechtId: utrecht!.id });
  } finally {
    await api.dispose();
  }
}

/**
 * A recurring subscription named `name`, offered at Vitaal Utrecht Centrum for all times and for the ages of
 * `ageGroupIds` (none: all ages), with one variant 'Maandcontract': monthly, € 39,95 a month, unlimited
 * access, a month's notice.
 */
export async function subscriptionAtUtrecht(
  { api, utrechtId }: GymEmployeeApi,
  name: string,
  ageGroupIds: number[] = [],
) {
  return data<{ id: number; name: string; variants: { id: number }[] }>(
    await api.post('/api/Subscription', {
      data: {
        type: 0,
        name,
        order: 1,
        vatRate: 9,
        locationIds: [utrechtId],
        ageGroupIds,
        timeSlotGroupIds: [],
        variants: [
          {
            name: 'Maandcontract',
            oneOffCosts: 0,
            oneOffCostsIncludesVat: true,
            pricePerPeriod: 3995,
            pricePerPeriodIncludesVat: true,
            durationPeriodAmount: 1,
            durationPeriodType: 1,
            accessType: 0,
            paymentPerPeriodAmount: 1,
            paymentPerPeriodType: 1,
            noticePeriodAmount: 1,
            noticePeriodType: 1,
            order: 0,
          },
        ],
      },
    }),
  );
}
