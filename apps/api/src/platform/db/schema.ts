export * from '../../modules/account/account.tables.ts';
export * from '../../modules/location-area/location-area.tables.ts';
export * from '../../modules/organisation/organisation.tables.ts';
export * from '../../modules/registration/registration.tables.ts';
export * from '../../modules/user/user.tables.ts';
export * from '../audit/audit.tables.ts';
export * from './settings.tables.ts';
