import type { Claims, EndpointDefinition } from '@xp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEndpoints, FILE, requiredKeys, sampleOf, validLeaves } from '../../test/contract-walk.ts';
import { signInFrom } from '../../test/expect.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type MultipartPart, multipart, testImage } from '../../test/multipart.ts';
import { enforcePolicy } from '../http/route.ts';

/*
 * Every write is audited (decision 023): every contract endpoint but the GETs is called with a valid request
 * by every role its policy lets in (public ones without a session), and a trigger on every table notes the
 * rows each request inserted, updated or deleted. A request that changed a row of a table below and left no
 * audit row with its request id fails the walk, whatever it answered.
 */

/**
 * Tables whose rows are records of their own, not changes anyone audits: the audit log itself, sessions
 * and their refresh tokens, counters (rate limits, invoice numbers, what lists count), the mail outbox and
 * the notices it mailed, the billing run's queue of direct debits, refused check-ins, sign-in codes, the
 * payments' own ledger (every status a payment had, `payment_events`) and the local test provider's books.
 */
const NOT_AUDITED = new Set([
  'audit_log',
  'audit_walk_writes',
  'sessions',
  'refresh_tokens',
  'rate_limits',
  'mail_outbox',
  'invoice_notices',
  'invoice_collections',
  'entry_attempts',
  'tfa_challenges',
  'invoice_numbers',
  'xp_invoice_numbers',
  'user_role_counts',
  'challenge_counts',
  'member_statuses',
  'member_status_days',
  'member_location_status_days',
  'payments',
  'payment_events',
  'local_provider_payments',
  'local_provider_customers',
  'local_provider_mandates',
  'files',
]);

const roles = {
  location: 'locatie@example.com',
  gym: 'gym@example.com',
  employer: 'werkgever@example.com',
  supplier: 'leverancier@example.com',
  admin: 'admin@example.com',
} as const;
type Role = keyof typeof roles;

let t: TestApp;
let png: Buffer;
let requestCount = 0;
const sessions = {} as Record<Role, { cookie: string; claims: Claims }>;

/** The walks' valid leaves, with names of this walk's own. */
const leafOverrides = {
  ...validLeaves,
  email: 'iemand@example.com',
  emails: 'iemand@example.com',
  name: 'Auditnaam',
  slug: 'audit-slug',
};
const bodyBase: Record<string, Record<string, unknown>> = { 'xp.correction': { userId: undefined } };

beforeAll(async () => {
  t = await createTestApp();
  png = await testImage('png', { width: 8, height: 8 });
  await t.db.execute(
    sql.raw(
      'create table audit_walk_writes (table_name text not null, delta int not null, data text not null)',
    ),
  );
  await t.db.execute(
    sql.raw(`create function audit_walk_note() returns trigger language plpgsql as $$
      begin
        -- A row as its content: without its id and time stamps (a set replaced by the same rows is no change).
        if TG_OP <> 'INSERT' then
          insert into audit_walk_writes
            values (TG_TABLE_NAME, -1, (to_jsonb(OLD) - 'id' - 'created_at' - 'updated_at')::text);
        end if;
        if TG_OP <> 'DELETE' then
          insert into audit_walk_writes
            values (TG_TABLE_NAME, 1, (to_jsonb(NEW) - 'id' - 'created_at' - 'updated_at')::text);
        end if;
        return null;
      end $$`),
  );
  const tables = await t.db.execute<{ name: string }>(
    sql.raw(`select tablename as name from pg_tables where schemaname = 'public'`),
  );
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    if (NOT_AUDITED.has(name)) continue;
    await t.db.execute(
      sql.raw(`create trigger audit_walk after insert or update or delete on "${name}"
        for each row execute function audit_walk_note()`),
    );
  }
  for (const [role, email] of Object.entries(roles) as [Role, string][]) {
    const cookie = await signInFrom(t, email, `10.72.0.${Object.keys(sessions).length + 1}`);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/account/cookierefresh',
      headers: { cookie },
    });
    sessions[role] = { cookie, claims: refreshed.json().data.claims as Claims };
  }
  await t.db.execute(sql.raw('delete from audit_walk_writes'));
});
afterAll(() => t.close());

/** The rows of `db.execute` on either driver (PGlite answers `{ rows }`, node-postgres too). */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

function mayCall(endpoint: EndpointDefinition, claims: Claims) {
  try {
    enforcePolicy(endpoint.policy, claims, 'valid', false);
    return true;
  } catch {
    return false;
  }
}

const isJsonList = (value: unknown): value is object[] =>
  Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'object' && item);

function formParts(form: Record<string, unknown>): MultipartPart[] {
  return Object.entries(form).flatMap(([name, value]) =>
    (isJsonList(value) ? [JSON.stringify(value)] : Array.isArray(value) ? value : [value])
      .filter((element) => element !== undefined)
      .map(
        (element): MultipartPart =>
          element === FILE
            ? { name, filename: 'picture.png', contentType: 'image/png', data: png }
            : { name, value: String(element) },
      ),
  );
}

/** One valid request of the endpoint as `session` (none: the public), with its own request id. */
function send(
  name: string,
  endpoint: EndpointDefinition,
  session: { cookie: string; claims: Claims } | null,
) {
  const requestId = `audit-walk-${++requestCount}`;
  const params: Record<string, string> = {
    id: '1',
    employeeId: '1',
    invitationId: '1',
    activeEmployerId: String(session?.claims.activeEmployerId ?? 1),
    code: 'x'.repeat(32),
    token: 'x'.repeat(43),
    publicCode: 'x'.repeat(12),
    name: 'iemand@example.com',
    isActive: 'true',
    kind: 'gym',
  };
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, param: string) =>
    encodeURIComponent(params[param] ?? '1'),
  );
  const query = endpoint.query
    ? Object.fromEntries(
        requiredKeys(endpoint.query).map((key) => [
          key,
          String((sampleOf(endpoint.query, leafOverrides) as Record<string, unknown>)[key]),
        ]),
      )
    : {};
  const search = new URLSearchParams(query).toString();
  const headers = { 'x-request-id': requestId, ...(session ? { cookie: session.cookie } : {}) };
  const body = endpoint.body
    ? { ...(sampleOf(endpoint.body, leafOverrides) as object), ...bodyBase[name] }
    : undefined;
  const form = endpoint.form
    ? (sampleOf(endpoint.form, leafOverrides) as Record<string, unknown>)
    : undefined;
  const response = t.app.inject({
    method: endpoint.method,
    url: `/api${path}${search ? `?${search}` : ''}`,
    remoteAddress: `10.73.${Math.floor(requestCount / 250) % 250}.${(requestCount % 250) + 1}`,
    ...(form
      ? multipart(formParts(form), headers)
      : body !== undefined
        ? { headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) }
        : { headers }),
  });
  return { requestId, response };
}

type Note = { table_name: string; delta: number; data: string };

/** The tables whose rows a request's notes changed: what went in and out, the same rows cancelled out. */
function changedTables(notes: Note[]) {
  const balance = new Map<string, number>();
  for (const note of notes) {
    const key = JSON.stringify([note.table_name, note.data]);
    balance.set(key, (balance.get(key) ?? 0) + note.delta);
  }
  const tables = [...balance].filter(([, delta]) => delta !== 0).map(([key]) => JSON.parse(key)[0] as string);
  return [...new Set(tables)].sort();
}

/** Writes that may end the caller's session come last, deletes before them: the rest finds the seed. */
const order = (endpoint: EndpointDefinition, name: string) =>
  /logout|deleteAccount|revokeAdmin|switch/i.test(name) ? 2 : endpoint.method === 'DELETE' ? 1 : 0;

const writes = contractEndpoints
  .filter(({ endpoint }) => endpoint.method !== 'GET')
  .sort((a, b) => order(a.endpoint, a.name) - order(b.endpoint, b.name));
/** The endpoints whose requests changed rows (and left their audit rows). */
const audited = new Set<string>();

describe('every write is audited: an audit row of its request wherever a request changed a row', () => {
  it.each(writes)('$name', async ({ name, endpoint }) => {
    const callers =
      endpoint.policy.kind === 'public' || endpoint.policy.kind === 'developmentLink'
        ? [null]
        : (Object.keys(roles) as Role[]).filter((role) => mayCall(endpoint, sessions[role].claims));
    const unaudited: string[] = [];
    for (const role of callers) {
      const { requestId, response } = send(name, endpoint, role ? sessions[role] : null);
      const { statusCode } = await response;
      const changed = changedTables(
        rowsOf<Note>(await t.db.execute(sql.raw('delete from audit_walk_writes returning *'))),
      );
      if (changed.length === 0) continue;
      const [entry] = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from audit_log where request_id = ${requestId}`),
      );
      if ((entry?.n ?? 0) > 0) audited.add(name);
      else unaudited.push(`as ${role ?? 'the public'} (${statusCode}): changed ${changed.join(', ')}`);
    }
    expect(unaudited).toEqual([]);
  });

  it('reached real writes, not only refusals', () => {
    expect([...audited].sort()).toEqual(expect.arrayContaining(REACHED));
  });
});

/**
 * Writes the walk's samples make succeed, one or two of each module (a floor: 56 endpoints of 162 did, on
 * 2026-11-29). The public writes (sign-up, links) need a mailed token, and the product orders a product of
 * the location's catalogue: their modules' tests check their audit rows.
 */
const REACHED = [
  'adminInvitation.create',
  'ageGroup.create',
  'association.create',
  'billing.runBilling',
  'billing.updateSettings',
  'challenge.update',
  'challengeTemplate.setIsActive',
  'employer.create',
  'employerEmployee.invite',
  'entry.update',
  'gym.create',
  'gymEmployeeInvitation.create',
  'invoice.create',
  'location.create',
  'location.saveOpeningHours',
  'locationArea.create',
  'member.create',
  'pictureBank.create',
  'rightsGroup.create',
  'store.create',
  'subscription.setIsActive',
  'supplier.add',
  'user.updateProfile',
  'xp.correction',
];
