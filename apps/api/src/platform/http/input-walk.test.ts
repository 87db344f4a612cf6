import {
  type Claims,
  type EndpointDefinition,
  FITNESS_PRODUCT_MAX_CENTS,
  type UploadedFile,
} from '@xp/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitnessProductVersions } from '../../modules/fitness-product/fitness-product.tables.ts';
import {
  type ContractEndpoint,
  contractEndpoints,
  FILE,
  leafKey,
  leavesOf,
  requiredKeys,
  sampleOf,
  validLeaves,
  withLeaf,
} from '../../test/contract-walk.ts';
import { signInFrom } from '../../test/expect.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type MultipartPart, multipart, testImage } from '../../test/multipart.ts';
import { enforcePolicy } from './route.ts';

/*
 * Every contract endpoint, called with a valid request in which one input differs: an id at the limit of
 * the integer columns and beyond, numbers that are no numbers, a NUL byte in a text, an unpaired UTF-16
 * surrogate in a JSON text, a text of 100,000 characters; in the path, the query, the JSON body and the
 * form. And once with every number of the body or form at its maximum (each field within its limit, their
 * product, a total, perhaps not: decision 016). Nothing may answer 5xx, and a NUL byte or an unpaired surrogate
 * is refused with 400 wherever it comes.
 */

let t: TestApp;
let png: Buffer;
let addressCount = 0;
/** Every request from its own address, so no rate limit (sign-in, code guessing) turns answers into 429s. */
const nextAddress = () => `10.71.${Math.floor(addressCount / 250) % 250}.${(addressCount++ % 250) + 1}`;

const roles = {
  admin: 'admin@example.com',
  gym: 'gym@example.com',
  location: 'locatie@example.com',
  employer: 'werkgever@example.com',
} as const;
type Role = keyof typeof roles;
const sessions = {} as Record<Role, { cookie: string; claims: Claims }>;

beforeAll(async () => {
  t = await createTestApp();
  png = await testImage('png', { width: 8, height: 8 });
  // The samples' product (id 1) at the catalogue's highest prices: its largest order is walked too.
  const highest = FITNESS_PRODUCT_MAX_CENTS;
  await t.db
    .update(fitnessProductVersions)
    .set({
      purchasePriceCents: highest,
      platformMarginCents: highest,
      regionManagerMarginCents: highest,
      gymMarginCents: highest,
    })
    .where(eq(fitnessProductVersions.productId, 1));
  for (const [role, email] of Object.entries(roles) as [Role, string][]) {
    const cookie = await signInFrom(t, email, nextAddress());
    const claims = (
      await t.app.inject({ method: 'POST', url: '/api/account/cookierefresh', headers: { cookie } })
    ).json().data.claims as Claims;
    sessions[role] = { cookie, claims };
  }
});
afterAll(() => t.close());

/** An input that differs from the valid one: how it goes in JSON and as text (path, query, form). */
interface Variant {
  label: string;
  json: string;
  text: string;
  /** Refused with 400 wherever it comes: a NUL byte or an unpaired surrogate (`validation.invalidCharacters`). */
  isNul?: boolean;
  /** Only in JSON (a body, a form's JSON part): a URL or a text part carries UTF-8, which has no such thing. */
  jsonOnly?: boolean;
}
/** The largest value of PostgreSQL's `integer`, the type of every id column. */
const INT4_MAX = 2_147_483_647;
const LONG = 'x'.repeat(100_000);
const numberVariants: Variant[] = [
  { label: 'the column limit', json: String(INT4_MAX), text: String(INT4_MAX) },
  { label: 'beyond the column limit', json: String(INT4_MAX + 1), text: String(INT4_MAX + 1) },
  { label: '2^53', json: String(2 ** 53), text: String(2 ** 53) },
  { label: '-1', json: '-1', text: '-1' },
  { label: '1e309', json: '1e309', text: '1e309' },
  { label: "'1e3'", json: '"1e3"', text: '1e3' },
  { label: "'abc'", json: '"abc"', text: 'abc' },
];
const textVariants = (valid: string): Variant[] => [
  { label: 'a NUL byte', json: JSON.stringify(`${valid}\u0000`), text: `${valid}\u0000`, isNul: true },
  // JSON.stringify writes the lone surrogate as its escape (`\ud800`), as a client may.
  {
    label: 'an unpaired surrogate',
    json: JSON.stringify(`${valid}\ud800`),
    text: '',
    isNul: true,
    jsonOnly: true,
  },
  { label: '100,000 characters', json: JSON.stringify(LONG), text: LONG },
];
/** The variants that go as text: in a path, a query string, a form's text part. */
const asText = (variants: Variant[]) => variants.filter((variant) => !variant.jsonOnly);
const allVariants = (valid: string) => asText([...numberVariants, ...textVariants(valid)]);

/** Query values an endpoint needs besides its required fields (rules between fields). */
const queryBase: Record<string, Record<string, string>> = {
  'location.publicList': { gymSlug: 'vitaal' },
};

/** Body values an endpoint needs besides its fields' samples (rules between fields: one of two set). */
const bodyBase: Record<string, Record<string, unknown>> = {
  'xp.correction': { userId: undefined },
};

const sampleOfEndpoint = (schema: unknown) => sampleOf(schema, validLeaves);

/** The valid form values as the server reads them, to check the sample against the contract. */
const serverForm = (form: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [
        name,
        isJsonList(value)
          ? JSON.stringify(value)
          : Array.isArray(value)
            ? value.map((element) => (element === FILE ? uploaded() : String(element)))
            : value === FILE
              ? uploaded()
              : String(value),
      ]),
  );
/** A list of objects: one form part with its JSON (`formJson` in the contract). */
const isJsonList = (value: unknown): value is object[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((element) => typeof element === 'object' && element !== null);
const uploaded = (filename = 'picture.png'): UploadedFile => ({ filename, mimetype: 'image/png', data: png });

function formParts(form: Record<string, unknown>, fileName = 'picture.png'): MultipartPart[] {
  return Object.entries(form).flatMap(([name, value]) =>
    (isJsonList(value) ? [JSON.stringify(value)] : Array.isArray(value) ? value : [value])
      .filter((element) => element !== undefined)
      .map(
        (element): MultipartPart =>
          element === FILE
            ? { name, filename: fileName, contentType: 'image/png', data: png }
            : { name, value: String(element) },
      ),
  );
}

/** One request of the walk: where the odd input is and what it is. */
interface Probe {
  where: string;
  variant: Variant;
  send: () => Promise<LightMyRequestResponse>;
}

function probesOf(endpoint: EndpointDefinition, name: string, session: { cookie: string; claims: Claims }) {
  const { cookie, claims } = session;
  const pathBase: Record<string, string> = {
    id: '1',
    employeeId: '1',
    invitationId: '1',
    activeEmployerId: String(claims.activeEmployerId ?? 1),
    code: 'x'.repeat(32),
    name: 'someone@example.com',
    isActive: 'true',
    kind: 'gym',
  };
  const paramNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const query = endpoint.query;
  const baseQuery: Record<string, string> = {
    ...(query
      ? Object.fromEntries(
          requiredKeys(query).map((key) => [
            key,
            String((sampleOfEndpoint(query) as Record<string, unknown>)[key]),
          ]),
        )
      : {}),
    ...queryBase[name],
  };
  const sampleBody = endpoint.body ? sampleOfEndpoint(endpoint.body) : undefined;
  const body = bodyBase[name]
    ? JSON.parse(JSON.stringify({ ...(sampleBody as object), ...bodyBase[name] }))
    : sampleBody;
  const form = endpoint.form ? (sampleOfEndpoint(endpoint.form) as Record<string, unknown>) : undefined;
  // The walk only means something when everything but the one odd input is valid.
  if (endpoint.body) expect(endpoint.body.safeParse(body).error, `${name}: sample body`).toBeUndefined();
  if (form) expect(endpoint.form!.safeParse(serverForm(form)).error, `${name}: sample form`).toBeUndefined();
  if (query) expect(query.safeParse(baseQuery).error, `${name}: sample query`).toBeUndefined();

  const url = (params: Record<string, string>, queryValues: Record<string, string>) => {
    const path = endpoint.path.replace(/\{(\w+)\}/g, (_, param: string) =>
      encodeURIComponent(params[param]!),
    );
    const search = new URLSearchParams(queryValues).toString();
    return `/api${path}${search ? `?${search}` : ''}`;
  };
  const send = (
    params: Record<string, string>,
    queryValues: Record<string, string>,
    payload?: { json: string } | { parts: MultipartPart[] },
  ) =>
    t.app.inject({
      method: endpoint.method,
      url: url(params, queryValues),
      remoteAddress: nextAddress(),
      ...(payload === undefined
        ? { headers: { cookie } }
        : 'json' in payload
          ? { headers: { cookie, 'content-type': 'application/json' }, payload: payload.json }
          : multipart(payload.parts, { cookie })),
    });
  const basePayload = () =>
    body !== undefined ? { json: JSON.stringify(body) } : form ? { parts: formParts(form) } : undefined;

  const probes: Probe[] = [];
  for (const param of paramNames) {
    for (const variant of allVariants(pathBase[param]!)) {
      probes.push({
        where: `path ${param}`,
        variant,
        send: () => send({ ...pathBase, [param]: variant.text }, baseQuery, basePayload()),
      });
    }
  }
  for (const key of query ? Object.keys(query.shape) : []) {
    for (const variant of allVariants(baseQuery[key] ?? 'abc')) {
      probes.push({
        where: `query ${key}`,
        variant,
        send: () => send(pathBase, { ...baseQuery, [key]: variant.text }, basePayload()),
      });
    }
  }
  const MARK = '__walk_marker__';
  for (const leaf of body !== undefined ? leavesOf(body) : []) {
    const valid = leaf.kind === 'string' ? String(leafAt(body, leaf.path)) : '';
    for (const variant of leaf.kind === 'number' ? numberVariants : textVariants(valid)) {
      probes.push({
        where: `body ${leafKey(leaf.path)}`,
        variant,
        send: () =>
          send(pathBase, baseQuery, {
            json: JSON.stringify(withLeaf(body, leaf.path, MARK)).replace(`"${MARK}"`, variant.json),
          }),
      });
    }
  }
  for (const [field, value] of Object.entries(form ?? {})) {
    if (value === undefined) continue;
    if (value === FILE || (Array.isArray(value) && value[0] === FILE)) {
      const variant = { label: 'a NUL byte in the file name', json: '', text: '', isNul: true };
      probes.push({
        where: `form ${field} (file name)`,
        variant,
        send: () => send(pathBase, baseQuery, { parts: formParts(form!, 'pic\u0000ture.png') }),
      });
      continue;
    }
    if (isJsonList(value)) {
      // A JSON part: each of its leaves, as in a JSON body.
      for (const leaf of leavesOf(value)) {
        const valid = leaf.kind === 'string' ? String(leafAt(value, leaf.path)) : '';
        for (const variant of leaf.kind === 'number' ? numberVariants : textVariants(valid)) {
          const json = JSON.stringify(withLeaf(value, leaf.path, MARK)).replace(`"${MARK}"`, variant.json);
          probes.push({
            where: `form ${field}${leafKey(leaf.path)}`,
            variant,
            send: () => send(pathBase, baseQuery, { parts: formParts({ ...form, [field]: json }) }),
          });
        }
      }
      continue;
    }
    const variants = typeof value === 'number' ? numberVariants : asText(textVariants(String(value)));
    for (const variant of variants) {
      probes.push({
        where: `form ${field}`,
        variant,
        send: () => send(pathBase, baseQuery, { parts: formParts({ ...form, [field]: variant.text }) }),
      });
    }
  }
  // Every number at its maximum at once: totals (quantity times price, summed) beyond the amount columns.
  // Only where something is made (POST) from two amounts or more: a valid request, it changes nothing the
  // later probes rely on (the sessions' rights, the seeded records).
  const high = { label: 'every number at its maximum', json: '', text: '' };
  const amounts = (value: unknown) =>
    leavesOf(value).filter(
      (leaf) =>
        leaf.kind === 'number' &&
        !/id$/i.test(String(leaf.path.at(-1))) &&
        !/Ids$/.test(String(leaf.path.at(-2))),
    ).length;
  if (body !== undefined && endpoint.method === 'POST') {
    const highBody = {
      ...(sampleOf(endpoint.body, validLeaves, '', 'high') as object),
      ...bodyBase[name],
    };
    if (amounts(highBody) >= 2)
      probes.push({
        where: 'body',
        variant: high,
        send: () => send(pathBase, baseQuery, { json: JSON.stringify(highBody) }),
      });
  }
  if (form && endpoint.method === 'POST') {
    const highForm = sampleOf(endpoint.form, validLeaves, '', 'high') as Record<string, unknown>;
    if (amounts(highForm) >= 2)
      probes.push({
        where: 'form',
        variant: high,
        send: () => send(pathBase, baseQuery, { parts: formParts(highForm) }),
      });
  }
  return probes;
}

const leafAt = (value: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((current, part) => (current as Record<string | number, unknown>)[part], value);

/** May this session call the endpoint at all (its policy)? Refused calls never read their input. */
function mayCall(endpoint: EndpointDefinition, claims: Claims) {
  try {
    enforcePolicy(endpoint.policy, claims, 'valid', false);
    return true;
  } catch {
    return false;
  }
}

function isEnvelope(response: LightMyRequestResponse) {
  try {
    const body = response.json();
    return body.ok === response.statusCode < 400 && Array.isArray(body.errors);
  } catch {
    return false;
  }
}

/** What went wrong, over the whole walk: for the summary at the end. */
const serverErrors: string[] = [];

async function walk(role: Role, { name, endpoint }: ContractEndpoint) {
  const probes = probesOf(endpoint, name, sessions[role]);
  const wrong: string[] = [];
  for (const probe of probes) {
    const response = await probe.send();
    const label = `${role} ${name} ${probe.where} = ${probe.variant.label}: ${response.statusCode}`;
    if (response.statusCode >= 500) {
      wrong.push(label);
      serverErrors.push(label);
    } else if (probe.variant.isNul && response.statusCode !== 400) {
      wrong.push(`${label} (a NUL byte or an unpaired surrogate must be refused with 400)`);
    } else if (!isEnvelope(response)) {
      wrong.push(`${label} (not the { ok, data, errors } envelope)`);
    }
  }
  return { wrong, count: probes.length };
}

describe('ids, numbers, NUL bytes, unpaired surrogates, long texts and totals in every input of every endpoint', () => {
  it('walks every endpoint that takes input', () => {
    const withInput = contractEndpoints.filter(
      ({ endpoint }) => endpoint.path.includes('{') || endpoint.query || endpoint.body || endpoint.form,
    );
    expect(withInput.length).toBeGreaterThan(90);
  });

  it('answers URLs the router cannot read in the envelope: malformed escapes, over-long parameters', async () => {
    const badEscape = await t.app.inject({ method: 'GET', url: '/api/LocationArea/%E0%A4%A' });
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json().errors).toEqual([{ key: 'general', message: 'errors.badUrl' }]);
    const tooLong = await t.app.inject({ method: 'DELETE', url: `/api/Admin/Invitation/${LONG}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json().errors).toEqual([{ key: 'general', message: 'validation.tooLong' }]);
    // The refused input is not echoed back.
    expect(tooLong.body.length).toBeLessThan(200);
  });

  for (const role of Object.keys(roles) as Role[]) {
    describe(`as ${role}`, () => {
      // Admins may call everything; the other roles walk what their policy lets them call (their own
      // active gym, location or employer), which reaches the code paths that scope by those.
      const endpoints = contractEndpoints.filter(
        ({ endpoint }) =>
          (endpoint.path.includes('{') || endpoint.query || endpoint.body || endpoint.form) &&
          (role === 'admin' ||
            (endpoint.policy.kind !== 'public' &&
              endpoint.policy.kind !== 'development' &&
              endpoint.policy.kind !== 'developmentLink' &&
              !(endpoint.policy.kind === 'role' && endpoint.policy.roles.every((r) => r === 'Admin')))),
      );
      it.each(endpoints)('$name: no 5xx, NUL bytes and unpaired surrogates 400', async (entry) => {
        if (!mayCall(entry.endpoint, sessions[role].claims)) return;
        const { wrong } = await walk(role, entry);
        expect(wrong).toEqual([]);
      });
    });
  }

  afterAll(() => {
    if (serverErrors.length > 0)
      console.log(`${serverErrors.length} answers 5xx:\n${serverErrors.join('\n')}`);
  });
});
