import './zod-setup.ts';

export * from './account.ts';
export * from './address.ts';
export * from './association.ts';
export * from './billing.ts';
export * from './challenge.ts';
export * from './challenge-template.ts';
export * from './challenge-template-rules.ts';
export * from './challenge-template-shapes.ts';
export * from './employee.ts';
export * from './employer.ts';
export * from './employer-employee.ts';
export * from './employer-settings.ts';
export * from './entry.ts';
export * from './enums.ts';
export * from './files.ts';
export * from './fitness-product.ts';
export * from './fitness-product-rules.ts';
export * from './fitness-product-shapes.ts';
export * from './form-values.ts';
export * from './gym.ts';
export * from './http.ts';
export * from './invoice.ts';
export * from './location.ts';
export * from './location-area.ts';
export * from './login.ts';
export * from './mailbox.ts';
export * from './member.ts';
export * from './member-import.ts';
export * from './money.ts';
export * from './names.ts';
export * from './payment.ts';
export * from './picture-bank.ts';
export * from './product-order.ts';
export * from './recovery.ts';
export * from './registration.ts';
export * from './rights.ts';
export * from './session.ts';
export * from './sign-up.ts';
export * from './store.ts';
export * from './subscription.ts';
export * from './supplier.ts';
export * from './user.ts';
export * from './xp.ts';

import { accountEndpoints, healthEndpoints } from './account.ts';
import { associationEndpoints } from './association.ts';
import { billingEndpoints } from './billing.ts';
import { challengeEndpoints } from './challenge.ts';
import { challengeTemplateEndpoints } from './challenge-template.ts';
import {
  gymEmployeeEndpoints,
  gymEmployeeInvitationEndpoints,
  locationEmployeeEndpoints,
} from './employee.ts';
import { employerEndpoints } from './employer.ts';
import { employerEmployeeEndpoints } from './employer-employee.ts';
import { employerSettingsEndpoints } from './employer-settings.ts';
import { entryEndpoints } from './entry.ts';
import { fitnessProductEndpoints } from './fitness-product.ts';
import { gymEndpoints } from './gym.ts';
import type { EndpointDefinition } from './http.ts';
import { invoiceEndpoints } from './invoice.ts';
import { locationEndpoints } from './location.ts';
import { locationAreaEndpoints } from './location-area.ts';
import { mailboxEndpoints } from './mailbox.ts';
import { memberEndpoints } from './member.ts';
import { memberImportEndpoints } from './member-import.ts';
import { paymentEndpoints } from './payment.ts';
import { pictureBankEndpoints } from './picture-bank.ts';
import { productOrderEndpoints } from './product-order.ts';
import { recoveryEndpoints } from './recovery.ts';
import {
  adminInvitationEndpoints,
  employerEmployeeInvitationEndpoints,
  employerEmployeeRegistrationEndpoints,
  invitationAnswerEndpoints,
  registrationEndpoints,
  supplierRegistrationEndpoints,
} from './registration.ts';
import { rightsEndpoints, rightsGroupEndpoints } from './rights.ts';
import { signUpEndpoints } from './sign-up.ts';
import { storeEndpoints } from './store.ts';
import { ageGroupEndpoints, subscriptionEndpoints, timeSlotGroupEndpoints } from './subscription.ts';
import { supplierEndpoints } from './supplier.ts';
import { userEndpoints } from './user.ts';
import { xpEndpoints } from './xp.ts';

/** Every endpoint of the API, grouped by domain; the server registers each exactly once. */
export const endpointGroups = {
  health: healthEndpoints,
  account: accountEndpoints,
  location: locationEndpoints,
  locationArea: locationAreaEndpoints,
  gym: gymEndpoints,
  association: associationEndpoints,
  challengeTemplate: challengeTemplateEndpoints,
  challenge: challengeEndpoints,
  pictureBank: pictureBankEndpoints,
  registration: registrationEndpoints,
  employerEmployeeRegistration: employerEmployeeRegistrationEndpoints,
  employerEmployeeInvitation: employerEmployeeInvitationEndpoints,
  invitationAnswer: invitationAnswerEndpoints,
  supplierRegistration: supplierRegistrationEndpoints,
  adminInvitation: adminInvitationEndpoints,
  recovery: recoveryEndpoints,
  user: userEndpoints,
  mailbox: mailboxEndpoints,
  rights: rightsEndpoints,
  rightsGroup: rightsGroupEndpoints,
  gymEmployee: gymEmployeeEndpoints,
  gymEmployeeInvitation: gymEmployeeInvitationEndpoints,
  locationEmployee: locationEmployeeEndpoints,
  employerEmployee: employerEmployeeEndpoints,
  employer: employerEndpoints,
  employerSettings: employerSettingsEndpoints,
  subscription: subscriptionEndpoints,
  ageGroup: ageGroupEndpoints,
  timeSlotGroup: timeSlotGroupEndpoints,
  member: memberEndpoints,
  memberImport: memberImportEndpoints,
  entry: entryEndpoints,
  payment: paymentEndpoints,
  invoice: invoiceEndpoints,
  billing: billingEndpoints,
  signUp: signUpEndpoints,
  xp: xpEndpoints,
  store: storeEndpoints,
  fitnessProduct: fitnessProductEndpoints,
  productOrder: productOrderEndpoints,
  supplier: supplierEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;
