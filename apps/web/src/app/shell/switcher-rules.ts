import type { Claims, Named, SwitchOptions } from '@xp/contracts';
import { hasAnyGymRight, isAdmin } from '@xp/contracts/claims';
import { Environment } from '@xp/contracts/enums';
import { isGymEnvironment } from '../environments';

/**
 * The environments the switcher offers (spec section 6): Admin, Association, Employer, Content and
 * Supplier to admins only; Gym to admins and anyone with gym rights. TipsAndTricks and Location are not
 * offered (Location is reached through the location switcher).
 */
export function environmentChoices(claims: Claims): Environment[] {
  if (isAdmin(claims)) {
    return [
      Environment.Admin,
      Environment.Gym,
      Environment.Association,
      Environment.Employer,
      Environment.Content,
      Environment.Supplier,
    ];
  }
  return hasAnyGymRight(claims) ? [Environment.Gym] : [];
}

/** The value of 'Hoofdlocatie' in the location switcher: back to the gym level (`locationId: null`). */
export const MAIN_LOCATION = 'main';

/** 'Hoofdlocatie' (for admins and gym staff) plus the locations of the active gym. */
export function locationChoices(claims: Claims, locations: Named[]): { value: string; name?: string }[] {
  const main = hasAnyGymRight(claims) ? [{ value: MAIN_LOCATION }] : [];
  return [...main, ...locations.map((location) => ({ value: String(location.id), name: location.name }))];
}

/** A switcher for organisations shows when there is a choice, and always for admins. */
const offersChoice = (claims: Claims, count: number) => count > 1 || (isAdmin(claims) && count > 0);

export interface VisibleSwitchers {
  environment: boolean;
  gym: boolean;
  location: boolean;
  employer: boolean;
  association: boolean;
  contentEnvironment: boolean;
  supplier: boolean;
}

/** Which switchers the header shows in the active environment. */
export function visibleSwitchers(claims: Claims, options: SwitchOptions | undefined): VisibleSwitchers {
  const environment = claims.activeEnvironment;
  const gymLevel = isGymEnvironment(environment) || environment === Environment.Location;
  const none = {
    gyms: [],
    locations: [],
    employers: [],
    associations: [],
    contentEnvironments: [],
    suppliers: [],
  };
  const list: SwitchOptions = options ?? none;
  return {
    environment: environmentChoices(claims).length > 0,
    gym: gymLevel && offersChoice(claims, list.gyms.length),
    location: gymLevel && locationChoices(claims, list.locations).length > 1,
    employer: environment === Environment.Employer && offersChoice(claims, list.employers.length),
    association: environment === Environment.Association && offersChoice(claims, list.associations.length),
    contentEnvironment:
      (environment === Environment.Content || environment === Environment.TipsAndTricks) &&
      offersChoice(claims, list.contentEnvironments.length),
    supplier: environment === Environment.Supplier && offersChoice(claims, list.suppliers.length),
  };
}
