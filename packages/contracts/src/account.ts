import { endpoint, INT4_MAX, idSchema, nothing, paged, policy } from './http.ts';
import {
  EMAIL_PATTERN,
  LOGIN_EMAIL_MAX,
  LOGIN_PASSWORD_MAX,
  LOGIN_PATH,
  RESTORE_SESSION_PATH,
} from './login.ts';
import { tfaCode } from './registration.ts';
import { claimsSchema } from './session.ts';
import { z } from './zod-setup.ts';

const tags = ['Account'];

export const loginBody = z.object({
  email: z
    .string()
    .trim()
    .min(1)
    .max(LOGIN_EMAIL_MAX)
    .pipe(z.email({ pattern: EMAIL_PATTERN })),
  password: z.string().min(1).max(LOGIN_PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({ requiresTfa: z.boolean(), claims: claimsSchema.nullable() });
export const claimsResponse = z.object({ claims: claimsSchema });

const id = idSchema;
const named = z.object({ id: z.number().int(), name: z.string() });
export type Named = z.infer<typeof named>;

export const switchOptions = z.object({
  gyms: z.array(named),
  /** Locations of the active gym the user may use. */
  locations: z.array(named),
  employers: z.array(named),
  associations: z.array(named),
  contentEnvironments: z.array(named),
  suppliers: z.array(named),
});
export type SwitchOptions = z.infer<typeof switchOptions>;

/**
 * How many of each kind `GET /Account/SwitchOptions` answers at most (plus the active one): enough to know
 * whether a switcher shows (a choice of two or more) and the active one's name. The whole, searched list
 * is `GET /Account/SwitchOptions/{kind}`, a page at a time (decision 003).
 */
export const SWITCH_OPTIONS_PREVIEW = 5;
/** A page of `GET /Account/SwitchOptions/{kind}`. */
export const SWITCH_OPTIONS_PAGE_SIZE = 30;

export const switchKinds = [
  'gym',
  'location',
  'employer',
  'association',
  'contentEnvironment',
  'supplier',
] as const;
export type SwitchKind = (typeof switchKinds)[number];

export const switchOptionsPageQuery = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
});
export const switchOptionsPage = paged(named);
export type SwitchOptionsPage = z.infer<typeof switchOptionsPage>;

const switchEndpoint = <B extends z.ZodObject>(path: string, body: B, summary: string) =>
  endpoint({ method: 'PUT', path, policy: policy.signedIn, summary, tags, body, response: claimsResponse });

export const accountEndpoints = {
  cookieLogin: endpoint({
    method: 'POST',
    path: LOGIN_PATH,
    policy: policy.public,
    summary: 'Sign in; sets the session cookies',
    tags,
    body: loginBody,
    response: loginResponse,
  }),
  cookieRefresh: endpoint({
    method: 'POST',
    path: '/account/cookierefresh',
    policy: policy.public,
    summary: 'Rotate the refresh token and renew the access token',
    tags,
    response: claimsResponse,
  }),
  /** Not in the spec: how the app learns at start-up whether a session is there, without a 401 when not. */
  restoreSession: endpoint({
    method: 'POST',
    path: RESTORE_SESSION_PATH,
    policy: policy.public,
    summary:
      'Renew the session from the refresh cookie if there is a live one; claims null (not a 401) when there is none',
    tags,
    response: z.object({ claims: claimsSchema.nullable() }),
  }),
  cookieLogout: endpoint({
    method: 'POST',
    path: '/account/cookielogout',
    policy: policy.public,
    summary: 'Sign out; revokes the session and clears the cookies',
    tags,
    response: nothing,
  }),
  cookieLoginTfa: endpoint({
    method: 'POST',
    path: '/account/cookielogintfa',
    policy: policy.public,
    summary: 'Finish a sign-in that requires two-factor with the mailed code',
    tags,
    body: z.object({ tfaCode }),
    response: z.object({ claims: claimsSchema }),
  }),
  resendLoginTfa: endpoint({
    method: 'POST',
    path: '/account/cookielogintfa/resend',
    policy: policy.public,
    summary: 'Mail a new sign-in code (after a cooldown)',
    tags,
    response: nothing,
  }),
  /** Per kind the first `SWITCH_OPTIONS_PREVIEW` by name and the active one: whether a switcher shows, and names. */
  switchOptions: endpoint({
    method: 'GET',
    path: '/Account/SwitchOptions',
    policy: policy.signedIn,
    summary:
      'The first few gyms, locations, employers, associations, content environments and suppliers the user may switch to, and the active ones',
    tags,
    response: switchOptions,
  }),
  /** Not in the spec: the switcher's searched, paged list of one kind (decision 003). */
  switchOptionsPage: endpoint({
    method: 'GET',
    path: '/Account/SwitchOptions/{kind}',
    policy: policy.signedIn,
    summary:
      'A page of the gyms (locations of the active gym, employers, ...) the user may switch to, searched and ordered by name',
    tags,
    params: z.object({ kind: z.enum(switchKinds) }),
    query: switchOptionsPageQuery,
    response: switchOptionsPage,
  }),
  switchActiveGym: switchEndpoint(
    '/Account/SwitchActiveGym',
    z.object({ gymId: id }),
    'Switch the active gym',
  ),
  switchActiveEmployer: switchEndpoint(
    '/Account/SwitchActiveEmployer',
    z.object({ employerId: id }),
    'Switch the active employer',
  ),
  switchActiveLocation: switchEndpoint(
    '/Account/SwitchActiveLocation',
    z.object({ locationId: id.nullable() }),
    'Switch the active location (null: the main location of the gym)',
  ),
  switchActiveAssociation: switchEndpoint(
    '/Account/SwitchActiveAssociation',
    z.object({ associationId: id }),
    'Switch the active association',
  ),
  switchActiveContentEnvironment: switchEndpoint(
    '/Account/SwitchActiveContentEnvironment',
    z.object({ contentEnvironmentId: id }),
    'Switch the active content environment',
  ),
  switchActiveSupplierEnvironment: switchEndpoint(
    '/Account/SwitchActiveSupplierEnvironment',
    z.object({ supplierEnvironmentId: id }),
    'Switch the active supplier',
  ),
  switchActiveEnvironment: switchEndpoint(
    '/Account/SwitchActiveEnvironment',
    z.object({ Environment: z.number().int().min(0).max(8) }),
    'Switch the active environment',
  ),
};

export const healthEndpoints = {
  /**
   * `{status, database}` while the database answers `select 1` within 2 s; 503 (`health.databaseUnreachable` on
   * `database`) when it does not, and 503 `health.draining` while a stopping instance drains.
   */
  health: endpoint({
    method: 'GET',
    path: '/health',
    policy: policy.public,
    summary: 'Liveness and database reachability',
    tags: ['Platform'],
    response: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
  }),
};
