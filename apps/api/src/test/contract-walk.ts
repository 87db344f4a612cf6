import {
  challengeTemplateDefaults,
  dutchToday,
  type EndpointDefinition,
  endpointGroups,
} from '@xp/contracts';
import type { z } from 'zod';

/** Every endpoint of the contracts, named `group.name`: what the route-walking tests go through. */
export const contractEndpoints = Object.entries(endpointGroups).flatMap(([group, endpoints]) =>
  Object.entries(endpoints).map(([name, endpoint]) => ({
    name: `${group}.${name}`,
    endpoint: endpoint as EndpointDefinition,
  })),
);
export type ContractEndpoint = (typeof contractEndpoints)[number];

/** The Fastify URL of an endpoint: `{name}` -> `:name`. */
export const fastifyUrl = (endpoint: EndpointDefinition) =>
  `/api${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`;

/** Stands for a file part in a sample form (a real image is sent in its place). */
export const FILE = Symbol('file');

/** A leaf value by field name, for leaves whose rule a generic value cannot meet (formats, patterns). */
export type LeafOverrides = Record<string, unknown>;

interface Def {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
type Check = {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
};
const checksOf = (def: Def): Check[] =>
  ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((check) => check._zod.def);

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

function stringSample(def: Def, key: string): string {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = check.minimum!;
    else if (check.check === 'max_length') max = check.maximum!;
    else if (check.check === 'length_equals') min = max = check.value ?? min;
    else if (check.check === 'string_format' || def.format)
      throw new Error(`no sample for the formatted string '${key}': give it a leaf override`);
  }
  if (def.format)
    throw new Error(`no sample for the ${String(def.format)} '${key}': give it a leaf override`);
  const text = 'Testwaarde'.padEnd(Math.max(min, 1), 'x');
  return text.slice(0, Math.min(text.length, max));
}

/** Which value a sample's numbers take: the low one (1, or the minimum) or the schema's maximum. */
export type NumberPick = 'low' | 'high';

function numberSample(def: Def, key: string, pick: NumberPick): number {
  if (/id$/i.test(key) || /Ids$/.test(key)) return 1;
  let min = Number.NEGATIVE_INFINITY;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = check.inclusive ? check.value! : check.value! + 1;
    if (check.check === 'less_than') max = check.inclusive ? check.value! : check.value! - 1;
  }
  if (pick === 'high' && Number.isFinite(max)) return max;
  return Math.min(Math.max(1, min), max);
}

/**
 * A value the schema accepts (the tests check that it does): every field present, optional ones too, one
 * element per array; leaves named in `overrides` take that value. With `pick` 'high', every number but an
 * id takes its maximum (each field at its limit, their product perhaps not: totals beyond the columns).
 */
export function sampleOf(
  schema: unknown,
  overrides: LeafOverrides,
  key = '',
  pick: NumberPick = 'low',
): unknown {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return sampleOf(def.innerType, overrides, key, pick);
  switch (def.type) {
    case 'pipe':
      // A preprocess or transform: sample what comes in, unless that is the transform itself.
      return defOf(def.in).type === 'transform'
        ? sampleOf(def.out, overrides, key, pick)
        : sampleOf(def.in, overrides, key, pick);
    case 'union':
      return sampleOf((def.options as unknown[])[0], overrides, key, pick);
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([name, field]) => [
          name,
          sampleOf(field, overrides, name, pick),
        ]),
      );
    case 'array':
      return [sampleOf(def.element, overrides, key, pick)];
  }
  if (key in overrides) return overrides[key];
  // A leaf that declares an example (`.meta({ examples: [...] })`, also shown in the API docs) takes it.
  const example = (schema as { meta?: () => { examples?: unknown[] } | undefined }).meta?.()?.examples?.[0];
  if (example !== undefined) return example;
  switch (def.type) {
    case 'string':
      return stringSample(def, key);
    case 'number':
      return numberSample(def, key, pick);
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'date':
      return '2030-01-01T00:00:00.000Z';
    case 'custom':
      return FILE;
    default:
      throw new Error(`no sample for a ${def.type} at '${key}'`);
  }
}

/** The fields of an object schema a request must send (neither optional nor defaulted). */
export function requiredKeys(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
}

/** A leaf of a sample: where it is and whether it is a number or a text. */
export interface Leaf {
  path: (string | number)[];
  kind: 'number' | 'string';
}

/** The number and text leaves of a sample value (booleans and files are left out). */
export function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (typeof value === 'number') return [{ path, kind: 'number' }];
  if (typeof value === 'string') return [{ path, kind: 'string' }];
  if (Array.isArray(value)) return value.flatMap((element, index) => leavesOf(element, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, field]) => leavesOf(field, [...path, name]));
  return [];
}

/** A copy of `value` with the leaf at `path` replaced. */
export function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withLeaf(copy[head!], rest, leaf);
  return copy;
}

/** `['locationRights', 0, 'locationId']` -> `locationRights[0].locationId` (the error key shape). */
export const leafKey = (path: (string | number)[]) =>
  path.reduce<string>(
    (key, part) => (typeof part === 'number' ? `${key}[${part}]` : key ? `${key}.${part}` : part),
    '',
  );

/**
 * Leaves whose rule a generic sample cannot meet: values that pass each field's own rule and the rules
 * between fields (the walks over every endpoint, input-walk and audit-walk, start from these).
 */
const template = challengeTemplateDefaults();
export const validLeaves: LeafOverrides = {
  theme: template.theme,
  measurement: template.measurement,
  measurementUnit: template.measurementUnit,
  activity: template.activity,
  difficulty: template.difficulty,
  status: template.status,
  completionPeriod: template.completionPeriod,
  frequencyPeriod: template.frequencyPeriod,
  // A template form takes a banner or a picture; the picture's id is the input walked here.
  challengeBanner: undefined,
  // A store item takes an image or a stored image's hash; the image is sent.
  imageCdnHash: undefined,
  // A fitness product's images in order: the one new file sent.
  newImage: 0,
  email: 'someone@example.com',
  emails: 'someone@example.com',
  name: 'Testnaam',
  slug: 'test-slug',
  postalCode: '1234 AB',
  // A product order's delivery address and date.
  deliveryPostalCode: '1234 AB',
  deliveryDate: '2099-12-31',
  phoneNumber: '0612345678',
  tfaCode: '123456',
  password: 'Een-lang-wachtwoord-42',
  confirmPassword: 'Een-lang-wachtwoord-42',
  apiKey: `test_${'a'.repeat(30)}`,
  from: '08:00',
  to: '17:00',
  beginTime: '08:00',
  endTime: '17:00',
  vatRate: 9,
  // Members and entries (calendar dates, a pause and an entry's times in order).
  dateOfBirth: '1990-05-17',
  startDate: dutchToday(),
  endDate: '2099-12-31',
  fromDate: '2030-01-01',
  toDate: '2030-01-05',
  date: '2026-01-05',
  entryTime: '08:00',
  exitTime: '09:00',
};
