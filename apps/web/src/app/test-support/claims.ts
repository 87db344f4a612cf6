import type { Claims } from '@xp/contracts';
import { Environment } from '@xp/contracts/enums';

/** Claims for tests: an employee in the Gym environment of gym 10 with no rights, unless overridden. */
export const testClaims = (overrides: Partial<Claims> = {}): Claims => ({
  userId: 1,
  role: 'Employee',
  rights: [],
  activeGymId: 10,
  activeLocationId: null,
  activeEmployerId: null,
  activeAssociationId: null,
  activeContentEnvironmentId: null,
  activeSupplierId: null,
  activeEnvironment: Environment.Gym,
  gymRights: [],
  locationRights: [],
  name: 'Sanne de Vries',
  language: 'nl',
  ...overrides,
});

export const admin = (overrides: Partial<Claims> = {}) =>
  testClaims({ role: 'Admin', rights: ['Admin'], name: 'Anne Admin', ...overrides });
