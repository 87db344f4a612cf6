import { type Claims, Environment } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import {
  currentClaims,
  expectFailure,
  ids,
  put,
  signIn,
  switchAndCheck,
  switchEndpoints,
  t,
  useTestApp,
} from './account-test-setup.ts';

useTestApp();

describe('switching', () => {
  describe('validation and authentication of every switch endpoint', () => {
    it.each(switchEndpoints)('$url', async ({ url, field }) => {
      const cookie = await signIn('admin@example.com');
      expectFailure(await put(url, {}, cookie), 400, field, 'validation.required');
      expectFailure(await put(url, { [field]: 'abc' }, cookie), 400, field, 'validation.invalidType');
      expectFailure(await put(url, { [field]: 1.5 }, cookie), 400, field, 'validation.invalidType');
      expectFailure(await put(url, { [field]: -1 }, cookie), 400, field, 'validation.tooSmall');
      // The field name is spelled as in the spec: another spelling is a missing field.
      const otherSpelling = field === 'Environment' ? 'environment' : field.toUpperCase();
      expectFailure(await put(url, { [otherSpelling]: 1 }, cookie), 400, field, 'validation.required');
      // Nothing changed.
      expect((await currentClaims(cookie)).activeEnvironment).toBe(Environment.Admin);

      const anonymous = await put(url, { [field]: 1 });
      expectFailure(anonymous, 401, 'general', 'auth.signInRequired');
      expect(anonymous.headers['token-expired']).toBeUndefined();
    });

    it('SwitchActiveEnvironment refuses values outside the environments', async () => {
      const cookie = await signIn('admin@example.com');
      expectFailure(
        await put('/api/Account/SwitchActiveEnvironment', { Environment: 9 }, cookie),
        400,
        'Environment',
        'validation.tooBig',
      );
    });

    it('SwitchActiveLocation takes null but not a missing locationId', async () => {
      const cookie = await signIn('admin@example.com');
      expectFailure(
        await put('/api/Account/SwitchActiveLocation', { locationId: undefined }, cookie),
        400,
        'locationId',
        'validation.required',
      );
    });

    it('SwitchOptions needs a session', async () => {
      expectFailure(
        await t.app.inject({ url: '/api/Account/SwitchOptions' }),
        401,
        'general',
        'auth.signInRequired',
      );
    });
  });

  describe('as admin', () => {
    it('SwitchActiveGym', async () => {
      const cookie = await signIn('admin@example.com');
      const { cookie: next } = await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveGym',
        { gymId: ids.brug },
        { activeGymId: ids.brug, activeLocationId: null, activeEnvironment: Environment.Gym },
      );
      const options = await t.app.inject({ url: '/api/Account/SwitchOptions', headers: { cookie: next } });
      expect(options.json().data.locations).toEqual([{ id: ids.zwolle, name: 'De Brug Zwolle' }]);
    });

    it('SwitchActiveLocation, and back to the whole gym with null (Hoofdlocatie)', async () => {
      const cookie = await signIn('admin@example.com');
      const { cookie: atZwolle } = await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveLocation',
        { locationId: ids.zwolle },
        { activeGymId: ids.brug, activeLocationId: ids.zwolle, activeEnvironment: Environment.Location },
      );
      const rooms = await t.app.inject({ url: '/api/LocationArea', headers: { cookie: atZwolle } });
      expect(rooms.json().data.items.map((item: { name: string }) => item.name)).toEqual(['Krachthonk']);
      await switchAndCheck(
        atZwolle,
        '/api/Account/SwitchActiveLocation',
        { locationId: null },
        { activeGymId: ids.brug, activeLocationId: null, activeEnvironment: Environment.Gym },
      );
    });

    it('SwitchActiveEmployer', async () => {
      await switchAndCheck(
        await signIn('admin@example.com'),
        '/api/Account/SwitchActiveEmployer',
        { employerId: ids.vandenBerg },
        { activeEmployerId: ids.vandenBerg, activeEnvironment: Environment.Employer },
      );
    });

    it('SwitchActiveAssociation', async () => {
      await switchAndCheck(
        await signIn('admin@example.com'),
        '/api/Account/SwitchActiveAssociation',
        { associationId: ids.gezondZwolle },
        { activeAssociationId: ids.gezondZwolle, activeEnvironment: Environment.Association },
      );
    });

    it('SwitchActiveContentEnvironment', async () => {
      await switchAndCheck(
        await signIn('admin@example.com'),
        '/api/Account/SwitchActiveContentEnvironment',
        { contentEnvironmentId: ids.kennisbank },
        { activeContentEnvironmentId: ids.kennisbank, activeEnvironment: Environment.Content },
      );
    });

    it('SwitchActiveSupplierEnvironment', async () => {
      await switchAndCheck(
        await signIn('admin@example.com'),
        '/api/Account/SwitchActiveSupplierEnvironment',
        { supplierEnvironmentId: ids.fitSupply },
        { activeSupplierId: ids.fitSupply, activeEnvironment: Environment.Supplier },
      );
    });

    it('SwitchActiveEnvironment to every environment, filling in a first organisation', async () => {
      const expectations: [number, Partial<Claims>][] = [
        [Environment.Gym, { activeGymId: ids.vitaal, activeLocationId: null }],
        [Environment.Location, { activeGymId: ids.vitaal, activeLocationId: ids.utrecht }],
        [Environment.Customer, { activeGymId: ids.vitaal, activeLocationId: null }],
        [Environment.Employer, { activeEmployerId: ids.jansen }],
        [Environment.Association, { activeAssociationId: ids.gezondZwolle }],
        [Environment.TipsAndTricks, {}],
        [Environment.Content, { activeContentEnvironmentId: ids.kennisbank }],
        [Environment.Supplier, { activeSupplierId: ids.fitSupply }],
        [Environment.Admin, {}],
      ];
      let cookie = await signIn('admin@example.com');
      for (const [environment, expected] of expectations) {
        ({ cookie } = await switchAndCheck(
          cookie,
          '/api/Account/SwitchActiveEnvironment',
          { Environment: environment },
          { activeEnvironment: environment, ...expected },
        ));
      }
    });

    it('refuses unknown ids with 403', async () => {
      const cookie = await signIn('admin@example.com');
      const unknown = 999_999;
      for (const { url, field, area } of switchEndpoints.filter(({ field }) => field !== 'Environment')) {
        expectFailure(await put(url, { [field]: unknown }, cookie), 403, 'general', `${area}.switch.error`);
      }
      expect((await currentClaims(cookie)).activeEnvironment).toBe(Environment.Admin);
    });
  });

  describe('SwitchOptions', () => {
    const options = async (email: string) => {
      const response = await t.app.inject({
        url: '/api/Account/SwitchOptions',
        headers: { cookie: await signIn(email) },
      });
      expect(response.statusCode).toBe(200);
      return response.json().data;
    };
    const empty = {
      gyms: [],
      locations: [],
      employers: [],
      associations: [],
      contentEnvironments: [],
      suppliers: [],
    };

    it('admin sees everything, and the locations of its active gym', async () => {
      expect(await options('admin@example.com')).toEqual({
        gyms: [
          { id: ids.brug, name: 'Sportschool De Brug' },
          { id: ids.vitaal, name: 'Vitaal Sportcentra' },
        ],
        locations: [
          { id: ids.amersfoort, name: 'Vitaal Amersfoort' },
          { id: ids.utrecht, name: 'Vitaal Utrecht Centrum' },
        ],
        employers: [
          { id: ids.jansen, name: 'Bakkerij Jansen B.V.' },
          { id: ids.vandenBerg, name: 'Van den Berg Logistiek' },
        ],
        associations: [
          { id: ids.gezondZwolle, name: 'Gezond Zwolle' },
          { id: ids.sportbond, name: 'Sportbond Midden-Nederland' },
        ],
        contentEnvironments: [{ id: ids.kennisbank, name: 'Vitaal Kennisbank' }],
        // Every supplier, the Pending demo one too (seed/suppliers.ts).
        suppliers: [
          { id: ids.fitSupply, name: 'FitSupply Nederland' },
          { id: expect.any(Number), name: 'HomeGym Direct' },
        ],
      });
    });

    it('gym@ sees only Vitaal and both its locations', async () => {
      expect(await options('gym@example.com')).toEqual({
        ...empty,
        gyms: [{ id: ids.vitaal, name: 'Vitaal Sportcentra' }],
        locations: [
          { id: ids.amersfoort, name: 'Vitaal Amersfoort' },
          { id: ids.utrecht, name: 'Vitaal Utrecht Centrum' },
        ],
      });
    });

    it('locatie@ sees only Vitaal and Utrecht', async () => {
      expect(await options('locatie@example.com')).toEqual({
        ...empty,
        gyms: [{ id: ids.vitaal, name: 'Vitaal Sportcentra' }],
        locations: [{ id: ids.utrecht, name: 'Vitaal Utrecht Centrum' }],
      });
    });

    it('werkgever@ sees only its employer', async () => {
      expect(await options('werkgever@example.com')).toEqual({
        ...empty,
        employers: [{ id: ids.jansen, name: 'Bakkerij Jansen B.V.' }],
      });
    });

    it('leverancier@ sees only its supplier; content@ nothing', async () => {
      expect(await options('leverancier@example.com')).toEqual({
        ...empty,
        suppliers: [{ id: ids.fitSupply, name: 'FitSupply Nederland' }],
      });
      expect(await options('content@example.com')).toEqual(empty);
    });
  });
});
