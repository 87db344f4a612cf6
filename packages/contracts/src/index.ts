import './zod-setup.ts';

export * from './account.ts';
export * from './enums.ts';
export * from './http.ts';
export * from './location-area.ts';
export * from './mailbox.ts';
export * from './recovery.ts';
export * from './registration.ts';
export * from './session.ts';
export * from './user.ts';

import { accountEndpoints, healthEndpoints } from './account.ts';
import type { EndpointDefinition } from './http.ts';
import { locationAreaEndpoints } from './location-area.ts';
import { mailboxEndpoints } from './mailbox.ts';
import { recoveryEndpoints } from './recovery.ts';
import {
  adminInvitationEndpoints,
  employerEmployeeInvitationEndpoints,
  employerEmployeeRegistrationEndpoints,
  registrationEndpoints,
  supplierRegistrationEndpoints,
} from './registration.ts';
import { userEndpoints } from './user.ts';

/** Every endpoint of the API, grouped by domain; the server registers each exactly once. */
export const endpointGroups = {
  health: healthEndpoints,
  account: accountEndpoints,
  locationArea: locationAreaEndpoints,
  registration: registrationEndpoints,
  employerEmployeeRegistration: employerEmployeeRegistrationEndpoints,
  employerEmployeeInvitation: employerEmployeeInvitationEndpoints,
  supplierRegistration: supplierRegistrationEndpoints,
  adminInvitation: adminInvitationEndpoints,
  recovery: recoveryEndpoints,
  user: userEndpoints,
  mailbox: mailboxEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;
