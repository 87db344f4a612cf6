import { Environment } from '@xp/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../user/user.tables.ts';
import { sessions } from './account.tables.ts';
import {
  createUser,
  currentClaims,
  expectFailure,
  ids,
  put,
  signIn,
  switchAndCheck,
  t,
  useTestApp,
} from './account-test-setup.ts';

useTestApp();

describe('switching', () => {
  describe('forbidden role or other tenant', () => {
    it('gym@ may switch within its own gym, not to De Brug', async () => {
      const cookie = await signIn('gym@example.com');
      expectFailure(
        await put('/api/Account/SwitchActiveGym', { gymId: ids.brug }, cookie),
        403,
        'general',
        'gym.switch.error',
      );
      expectFailure(
        await put('/api/Account/SwitchActiveLocation', { locationId: ids.zwolle }, cookie),
        403,
        'general',
        'location.switch.error',
      );
      expect(await currentClaims(cookie)).toMatchObject({ activeGymId: ids.vitaal, activeLocationId: null });
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveGym',
        { gymId: ids.vitaal },
        { activeGymId: ids.vitaal, activeEnvironment: Environment.Gym },
      );
      // Its gym right covers every location of the gym, and null goes back to the whole gym.
      const { cookie: atAmersfoort } = await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveLocation',
        { locationId: ids.amersfoort },
        {
          activeGymId: ids.vitaal,
          activeLocationId: ids.amersfoort,
          activeEnvironment: Environment.Location,
        },
      );
      await switchAndCheck(
        atAmersfoort,
        '/api/Account/SwitchActiveLocation',
        { locationId: null },
        { activeGymId: ids.vitaal, activeLocationId: null, activeEnvironment: Environment.Gym },
      );
    });

    it('locatie@ may only use Utrecht, and the main location of its gym', async () => {
      const cookie = await signIn('locatie@example.com');
      for (const locationId of [ids.amersfoort, ids.zwolle]) {
        expectFailure(
          await put('/api/Account/SwitchActiveLocation', { locationId }, cookie),
          403,
          'general',
          'location.switch.error',
        );
      }
      expectFailure(
        await put('/api/Account/SwitchActiveGym', { gymId: ids.brug }, cookie),
        403,
        'general',
        'gym.switch.error',
      );
      expect(await currentClaims(cookie)).toMatchObject({
        activeLocationId: ids.utrecht,
        activeEnvironment: Environment.Location,
      });
      // An employee of the gym may go to 'Hoofdlocatie' (the gym level: dashboard and locations).
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveLocation',
        { locationId: null },
        { activeGymId: ids.vitaal, activeLocationId: null, activeEnvironment: Environment.Gym },
      );
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveLocation',
        { locationId: ids.utrecht },
        { activeGymId: ids.vitaal, activeLocationId: ids.utrecht, activeEnvironment: Environment.Location },
      );
      // Switching to its gym lands on the location it may use.
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveGym',
        { gymId: ids.vitaal },
        { activeGymId: ids.vitaal, activeLocationId: ids.utrecht, activeEnvironment: Environment.Location },
      );
    });

    it('werkgever@ may only use its own employer', async () => {
      const cookie = await signIn('werkgever@example.com');
      expectFailure(
        await put('/api/Account/SwitchActiveEmployer', { employerId: ids.vandenBerg }, cookie),
        403,
        'general',
        'employer.switch.error',
      );
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveEmployer',
        { employerId: ids.jansen },
        { activeEmployerId: ids.jansen, activeEnvironment: Environment.Employer },
      );
      expectFailure(
        await put('/api/Account/SwitchActiveGym', { gymId: ids.vitaal }, cookie),
        403,
        'general',
        'gym.switch.error',
      );
      expectFailure(
        await put(
          '/api/Account/SwitchActiveSupplierEnvironment',
          { supplierEnvironmentId: ids.fitSupply },
          cookie,
        ),
        403,
        'general',
        'supplier.switch.error',
      );
    });

    it('leverancier@ may only use its own supplier', async () => {
      const cookie = await signIn('leverancier@example.com');
      await switchAndCheck(
        cookie,
        '/api/Account/SwitchActiveSupplierEnvironment',
        { supplierEnvironmentId: ids.fitSupply },
        { activeSupplierId: ids.fitSupply, activeEnvironment: Environment.Supplier },
      );
      expectFailure(
        await put('/api/Account/SwitchActiveEmployer', { employerId: ids.jansen }, cookie),
        403,
        'general',
        'employer.switch.error',
      );
    });

    it.each([
      'gym@example.com',
      'locatie@example.com',
      'werkgever@example.com',
      'leverancier@example.com',
      'content@example.com',
    ])('%s may not switch to an association or content environment', async (email) => {
      const cookie = await signIn(email);
      const before = await currentClaims(cookie);
      expectFailure(
        await put('/api/Account/SwitchActiveAssociation', { associationId: ids.sportbond }, cookie),
        403,
        'general',
        'association.switch.error',
      );
      expectFailure(
        await put(
          '/api/Account/SwitchActiveContentEnvironment',
          { contentEnvironmentId: ids.kennisbank },
          cookie,
        ),
        403,
        'general',
        'contentEnvironment.switch.error',
      );
      expect(await currentClaims(cookie)).toEqual(before);
    });

    it('SwitchActiveEnvironment allows only the environments of the role', async () => {
      const environment = (value: number, cookie: string) =>
        put('/api/Account/SwitchActiveEnvironment', { Environment: value }, cookie);

      const location = await signIn('locatie@example.com');
      for (const value of [
        Environment.Admin,
        Environment.Gym,
        Environment.Employer,
        Environment.Association,
      ]) {
        expectFailure(await environment(value, location), 403, 'general', 'environment.switch.error');
      }
      await switchAndCheck(
        location,
        '/api/Account/SwitchActiveEnvironment',
        { Environment: Environment.Location },
        { activeEnvironment: Environment.Location, activeLocationId: ids.utrecht },
      );

      const gym = await signIn('gym@example.com');
      expectFailure(await environment(Environment.Admin, gym), 403, 'general', 'environment.switch.error');
      await switchAndCheck(
        gym,
        '/api/Account/SwitchActiveEnvironment',
        { Environment: Environment.Location },
        { activeEnvironment: Environment.Location, activeGymId: ids.vitaal, activeLocationId: ids.utrecht },
      );

      for (const email of ['werkgever@example.com', 'leverancier@example.com', 'content@example.com']) {
        const cookie = await signIn(email);
        expectFailure(
          await environment(Environment.Location, cookie),
          403,
          'general',
          'environment.switch.locationError',
        );
        expectFailure(
          await environment(Environment.Admin, cookie),
          403,
          'general',
          'environment.switch.error',
        );
        expectFailure(await environment(Environment.Gym, cookie), 403, 'general', 'environment.switch.error');
      }
    });

    it('an Employee without any right may not enter the Location environment', async () => {
      const cookie = await signIn(await createUser());
      expectFailure(
        await put('/api/Account/SwitchActiveEnvironment', { Environment: Environment.Location }, cookie),
        403,
        'general',
        'environment.switch.locationError',
      );
    });

    it('a rights change shows in the next refresh (claims are rebuilt from the database)', async () => {
      const email = await createUser();
      const cookie = await signIn(email);
      expect((await currentClaims(cookie)).locationRights).toEqual([]);
      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      await t.db.execute(
        sql`insert into location_right_grants (user_id, location_id, "right") values (${user!.id}, ${ids.zwolle}, 'ManageLocationAreas')`,
      );
      expect((await currentClaims(cookie)).locationRights).toEqual([`${ids.zwolle}:ManageLocationAreas`]);
    });

    it('a switch of a revoked session is refused', async () => {
      const cookie = await signIn('werkgever@example.com');
      const token = cookie
        .split('; ')
        .find((pair) => pair.startsWith('xp_access='))!
        .slice('xp_access='.length);
      const { jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
      await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, jti));
      expectFailure(
        await put('/api/Account/SwitchActiveEmployer', { employerId: ids.jansen }, cookie),
        401,
        'general',
        'auth.signInRequired',
      );
    });
  });
});
