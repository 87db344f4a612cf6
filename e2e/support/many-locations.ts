import { type APIRequestContext, expect, request } from '@playwright/test';
import { DEMO_PASSWORD } from './session';

/** The data of an API answer, failing with the answer's body when the call did not succeed. */
async function data<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = await answer.text();
  expect(answer.ok(), `${answer.url()}: ${body}`).toBe(true);
  return (JSON.parse(body) as { data: T }).data;
}

export interface ManyLocationsEmployee {
  email: string;
  password: string;
  fullName: string;
  locationNames: string[];
}

/**
 * Through the API, as the demo admin: `count` new locations in the demo gym Vitaal Sportcentra, a new
 * employee of that gym (invited and registered as a person would, through the mailed link's code), and the
 * right to manage rooms on every one of those locations.
 */
export async function employeeWithManyLocations(
  baseURL: string,
  count: number,
): Promise<ManyLocationsEmployee> {
  const run = Date.now().toString(36);
  const admin = await request.newContext({ baseURL });
  const newcomer = await request.newContext({ baseURL });
  try {
    await data(
      await admin.post('/api/account/cookielogin', {
        data: { email: 'admin@example.com', password: DEMO_PASSWORD },
      }),
    );
    const gyms = await data<{ items: { id: number; name: string }[] }>(
      await admin.get('/api/Gym', { params: { search: 'Vitaal Sportcentra' } }),
    );
    const gym = gyms.items.find((item) => item.name === 'Vitaal Sportcentra');
    expect(gym, JSON.stringify(gyms.items)).toBeTruthy();
    await data(await admin.put('/api/Account/SwitchActiveGym', { data: { gymId: gym!.id } }));

    const locations: { id: number; name: string }[] = [];
    for (let index = 1; index <= count; index += 1) {
      const name = `Vitaal Filiaal ${index} ${run}`;
      const created = await data<{ id: number }>(
        await admin.post('/api/Location', {
          data: {
            name,
            slug: `filiaal-${index}-${run}`,
            email: null,
            street: 'Stationsplein',
            houseNumber: String(index),
            postalCode: '3511 AB',
            city: 'Utrecht',
            memberExpectedInsideTime: 90,
            visibleOnRegistrationPage: false,
          },
        }),
      );
      locations.push({ id: created.id, name });
    }

    const email = `vijftig.${run}@example.com`;
    await data(await admin.post('/api/GymEmployeeInvitation', { data: { email } }));
    // Mail goes through the outbox: polled for.
    let code: string | undefined;
    await expect
      .poll(async () => {
        const mailbox = await data<{ items: { to: string; text: string }[] }>(
          await admin.get('/api/dev/mailbox', { params: { to: email } }),
        );
        code = mailbox.items
          .filter((mail) => mail.to === email)
          .map((mail) => mail.text.match(/\/account\/register\/gym\/employee\/([^\s/?#]+)/)?.[1])
          .find(Boolean);
        return code;
      })
      .toBeTruthy();
    const password = 'Vijftig-Vestigingen-2026';
    const person = { firstName: 'Femke', lastName: `Vijftig ${run}` };
    await data(
      await newcomer.post('/api/Account/CompleteRegistration', {
        data: { code, ...person, password, confirmPassword: password },
      }),
    );

    const employees = await data<{ items: { employeeId: number; email: string }[] }>(
      await admin.get('/api/GymEmployee', { params: { search: email } }),
    );
    const employee = employees.items.find((item) => item.email === email);
    expect(employee, JSON.stringify(employees.items)).toBeTruthy();
    await data(
      await admin.put(`/api/GymEmployee/${employee!.employeeId}/Rights`, {
        data: {
          locationRights: locations.map((location) => ({
            locationId: location.id,
            rights: ['ManageLocationAreas'],
          })),
        },
      }),
    );
    return {
      email,
      password,
      fullName: `${person.firstName} ${person.lastName}`,
      locationNames: locations.map((location) => location.name),
    };
  } finally {
    await admin.dispose();
    await newcomer.dispose();
  }
}
