/**
 * What an integrator writes with a client generated from docs/api/openapi.json: sign in, then list the
 * rooms of the active location. `npm run check -w scripts/openapi-client` generates the types
 * (openapi-typescript) and typechecks this file (tsc), so a document a common tool cannot turn into a usable
 * client fails `npm test`. It also runs against a server:
 *   XP_API_URL=http://localhost:3000 XP_EMAIL=... XP_PASSWORD=... npx tsx scripts/openapi-client/src/list-rooms.ts
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '../generated/api.d.ts';

type Room = components['schemas']['LocationArea'];
type ApiError = components['schemas']['ApiError'];

const describe = (errors: ApiError[]) => errors.map((error) => `${error.key}: ${error.message}`).join(', ');

export async function listRooms(baseUrl: string, email: string, password: string): Promise<Room[]> {
  const client = createClient<paths>({ baseUrl });
  const login = await client.POST('/api/account/cookielogin', { body: { email, password } });
  if (login.error)
    throw new Error(`sign-in failed (${login.response.status}): ${describe(login.error.errors)}`);
  if (login.data.data.requiresTfa) throw new Error('this account signs in with a second factor');
  // The session is a cookie: a browser keeps it, a script passes it on.
  const cookie = login.response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');

  const rooms: Room[] = [];
  for (let page = 1; ; page++) {
    const { data, error, response } = await client.GET('/api/LocationArea', {
      params: { query: { page, pageSize: 100, sort: 'name', direction: 'asc', counts: false } },
      headers: { cookie },
    });
    if (error) throw new Error(`listing rooms failed (${response.status}): ${describe(error.errors)}`);
    rooms.push(...data.data.items);
    if (data.data.items.length < 100) return rooms;
  }
}

const { XP_API_URL, XP_EMAIL, XP_PASSWORD } = process.env;
if (XP_API_URL && XP_EMAIL && XP_PASSWORD) {
  for (const room of await listRooms(XP_API_URL, XP_EMAIL, XP_PASSWORD))
    console.log(`${room.id}\t${room.name}\t${room.sameAddressAsLocation ? '' : (room.city ?? '')}`);
}
