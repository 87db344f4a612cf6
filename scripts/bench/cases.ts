/**
 * The benchmark's cases: every list endpoint of the contracts (page 1, page 500, the deepest page, a search,
 * each sort, each tab), with the session that lists it and what it searches for.
 */
import * as contracts from '@xp/contracts';
import type { Filled } from './fill.ts';

/** The session a case is measured with: the admin without an active environment, or switched to one. */
export type Context = 'admin' | 'employer' | 'gym' | 'association' | 'location';

export interface Case {
  endpoint: string;
  name: string;
  url: string;
  context: Context;
}

/** Which session lists what (the rest: the admin without an active environment), and what to search. */
const contextOf: Record<string, Context> = {
  '/EmployerEmployee': 'employer',
  '/Employer/{activeEmployerId}/EmployeeInvitations': 'employer',
  '/challenge': 'employer',
  '/challenge/popular': 'employer',
  '/GymEmployee': 'gym',
  '/GymEmployeeInvitation': 'gym',
  '/GymRightsGroup': 'gym',
  '/association/active/locations': 'association',
  '/LocationArea': 'location',
  '/Location/{id}/Employees': 'location',
  '/Location/KnownUsers': 'location',
  '/Location/{id}/Rights': 'location',
  '/Subscription': 'gym',
  '/AgeGroup': 'gym',
  '/TimeSlotGroup': 'gym',
  '/Member': 'gym',
  '/Member/OpenRegistration': 'gym',
  '/Subscription/{id}/Members': 'gym',
  '/Entry': 'location',
  '/EntryAttempt': 'location',
  '/Location/{id}/InsideMembers': 'location',
};
const searchOf: Record<string, string> = {
  '/Gym': 'sportschool 12',
  '/Employer': 'werkgever 1',
  '/association': 'vereniging',
  '/challenge': 'uitdaging 1',
  '/challenge/popular': 'uitdaging 1',
  '/challengeTemplate': 'uitdaging 1',
  '/PictureBankItem/all': 'foto-1',
  '/Location': 'amster',
  '/LocationArea': 'zaal 1',
  '/Subscription': 'flex',
  '/AgeGroup': 'volw',
  '/TimeSlotGroup': 'dal',
};
/** Needs data the benchmark does not make, or is no back-office list. */
const skipped = new Set([
  '/dev/mailbox',
  '/Location/Public',
  '/GymRightsGroup/{id}/Employees',
  '/GymRightsGroup/{id}/Candidates',
]);

type Shape = Record<string, { unwrap?: () => { options?: string[] }; options?: string[] }>;
const tabValues = (key: string, field: Shape[string]): string[] => {
  const options = field.unwrap?.().options ?? field.options;
  if (key === 'isActive') return ['true', 'false'];
  if (key === 'role') return ['Employee', 'Employer'];
  if (options && key !== 'locationId') return options.slice(0, 3);
  if (key === 'theme' || key === 'category') return ['0'];
  if (key === 'status') return ['2'];
  return [];
};

export interface CaseOptions {
  filled: Filled;
  /** The API's origin (`http://127.0.0.1:<port>`). */
  origin: string;
  /** Yesterday in the Netherlands: the day of entries listed at a location. */
  entryDay: string;
  /** Only endpoints whose path contains one of these (BENCH_ONLY). */
  only?: string[];
  /** Only cases whose name contains this (BENCH_CASES). */
  onlyCases?: string;
}

export function listCases({ filled, origin, entryDay, only, onlyCases }: CaseOptions): Case[] {
  /** Query parameters a list always gets: the entries of a location are those of one day (the screen's default). */
  const extraQueryOf: Record<string, string> = { '/Entry': `&from=${entryDay}&to=${entryDay}` };
  const pathParams = (endpointPath: string) =>
    endpointPath
      .replace('{activeEmployerId}', String(filled.firstEmployerId))
      // The switcher's list of gyms (the admin may switch to every gym).
      .replace('{kind}', 'gym')
      .replace('/association/locations/{id}', `/association/locations/${filled.firstAssociationId}`)
      .replace('/Subscription/{id}/', `/Subscription/${filled.members?.firstSubscriptionId}/`)
      .replace('{id}', String(filled.firstLocationId));

  const deepestPage = Math.floor(contracts.MAX_LIST_OFFSET / 25) + 1;
  const cases: Case[] = [];
  const seenPaths = new Set<string>();
  for (const group of Object.values(contracts)) {
    if (!group || typeof group !== 'object') continue;
    for (const value of Object.values(group as Record<string, unknown>)) {
      const endpoint = value as contracts.EndpointDefinition & {
        response: { shape?: Record<string, unknown> };
      };
      if (
        !endpoint ||
        typeof endpoint !== 'object' ||
        endpoint.method !== 'GET' ||
        typeof endpoint.path !== 'string'
      )
        continue;
      if (!endpoint.response?.shape?.items || !endpoint.response.shape.total || skipped.has(endpoint.path))
        continue;
      if (seenPaths.has(endpoint.path)) continue;
      seenPaths.add(endpoint.path);
      if (only && !only.some((part) => endpoint.path.toLowerCase().includes(part))) continue;
      const shape = (endpoint.query?.shape ?? {}) as Shape;
      // A list of one location names it in the query (`/Location/KnownUsers?locationId=`).
      // (The member list's `locationId` is a filter of the gym's list instead: measured as a case of its own.)
      const ofLocation =
        shape.locationId && endpoint.path !== '/Member' ? `&locationId=${filled.firstLocationId}` : '';
      const base = `${origin}/api${pathParams(endpoint.path)}?pageSize=25${ofLocation}${extraQueryOf[endpoint.path] ?? ''}`;
      const context = contextOf[endpoint.path] ?? 'admin';
      const add = (name: string, query: string) => {
        if (!onlyCases || name.toLowerCase().includes(onlyCases))
          cases.push({ endpoint: endpoint.path, name, url: `${base}&${query}`, context });
      };
      add('page 1', 'page=1');
      add('page 500', 'page=500');
      // The deepest page a list serves (decision 009 bounds the offset); page 500 lies beyond it at 25 a page.
      add(`page ${deepestPage}`, `page=${deepestPage}`);
      add('search', `page=1&search=${encodeURIComponent(searchOf[endpoint.path] ?? 'jansen')}`);
      for (const sort of shape.sort?.unwrap?.().options ?? [])
        add(`sort ${sort}`, `page=1&sort=${sort}&direction=asc`);
      for (const [key, field] of Object.entries(shape)) {
        if (['page', 'pageSize', 'search', 'sort', 'direction'].includes(key)) continue;
        // The member list's status tabs: 1 non-active, 2 sleeping, 3 active (spec 001 §4).
        const tabs =
          endpoint.path === '/Member' && key === 'status' ? ['1', '2', '3'] : tabValues(key, field);
        for (const tab of tabs) add(`${key}=${tab}`, `page=1&${key}=${tab}`);
      }
      // The member list of a location (its environment), and a member's own entries (the gym's).
      const extra = (name: string, url: string, context: Context) => {
        if (!onlyCases || name.toLowerCase().includes(onlyCases))
          cases.push({ endpoint: endpoint.path, name, url, context });
      };
      if (endpoint.path === '/Member') {
        extra('location env page 1', `${base}&page=1`, 'location');
        extra('location env search', `${base}&page=1&search=jansen`, 'location');
        extra('locationId filter', `${base}&page=1&locationId=${filled.firstLocationId}`, 'gym');
      }
      if (endpoint.path === '/Entry' && filled.members) {
        extra(
          "a member's own entries",
          `${origin}/api/Entry?pageSize=25&page=1&memberId=${filled.members.sampleMemberId}`,
          'gym',
        );
      }
    }
  }
  return cases;
}
