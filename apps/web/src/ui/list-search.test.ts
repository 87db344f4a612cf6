import { pictureBankCategories } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseChallengeTemplateSearch } from '@/features/challenge-template/search';
import { categories, parsePictureBankSearch } from '@/features/picture-bank/search';
import { parseTfaSearch, parseTokenSearch } from '@/features/registration/tfa-search';
import { mailboxSearch } from '@/routes/dev/mailbox';
import { parseListSearch, toListQuery } from './list-search';

/** The zod schemas the plain functions replaced (decision 010): the same output for every input. */
const listSearchSchema = z.object({
  page: z.number().int().min(1).catch(1).default(1),
  pageSize: z.number().int().min(1).max(100).catch(25).default(25),
  search: z.string().max(200).optional().catch(undefined),
  sort: z.string().max(64).optional().catch(undefined),
  direction: z.enum(['asc', 'desc']).catch('asc').default('asc'),
  tab: z.string().max(64).optional().catch(undefined),
});
const pictureBankSearchSchema = listSearchSchema.extend({
  pageSize: z.number().int().min(1).max(100).catch(48).default(48),
  active: z.enum(['active', 'inactive']).optional().catch(undefined),
});
const challengeTemplateSearchSchema = listSearchSchema.extend({
  status: z.enum(['0', '1', '2']).optional().catch(undefined),
});
const tfaSearchSchema = z.object({ code: z.string().min(1).max(128).optional().catch(undefined) });
const tokenSchema = z.object({ token: z.string().max(200).optional().catch(undefined) });
const mailboxSchema = z.object({
  to: z.string().trim().max(320).optional().catch(undefined),
  id: z.coerce.number().int().positive().optional().catch(undefined),
});

const odd: unknown[] = [
  undefined,
  null,
  0,
  1,
  2,
  3.5,
  -4,
  100,
  101,
  1000,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  ' ',
  '3',
  '-1',
  '0',
  '1',
  '2',
  'asc',
  'desc',
  'sideways',
  'active',
  'inactive',
  'zaal',
  '  mail@example.com  ',
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(128),
  'x'.repeat(129),
  'x'.repeat(200),
  'x'.repeat(201),
  ` ${'x'.repeat(320)} `,
  'x'.repeat(321),
  true,
  false,
  [],
  [3],
  ['asc'],
  {},
  { page: 2 },
];
const keys = [
  'page',
  'pageSize',
  'search',
  'sort',
  'direction',
  'tab',
  'active',
  'status',
  'code',
  'token',
  'to',
  'id',
];

/** Every odd value in every key, and a few whole objects. */
function inputs(): Record<string, unknown>[] {
  const all: Record<string, unknown>[] = [{}, { other: 1 }];
  for (const key of keys) for (const value of odd) all.push({ [key]: value });
  all.push({ page: 3, pageSize: 50, search: 'zaal', sort: 'name', direction: 'desc', tab: 'x', status: '2' });
  all.push({ page: '3', pageSize: '50', direction: ['desc'], tab: 4, active: 'active', extra: 'y' });
  return all;
}

describe('search params: the plain functions answer what the zod schemas did', () => {
  // The functions' parameter is the router's link type; the URL gives them anything.
  const pairs: [string, (search: never) => unknown, z.ZodType][] = [
    ['list', parseListSearch, listSearchSchema],
    ['picture bank', parsePictureBankSearch, pictureBankSearchSchema],
    ['challenge templates', parseChallengeTemplateSearch, challengeTemplateSearchSchema],
    ['tfa', parseTfaSearch, tfaSearchSchema],
    ['token', parseTokenSearch, tokenSchema],
    ['mailbox', mailboxSearch, mailboxSchema],
  ];
  for (const [name, parse, schema] of pairs) {
    it(name, () => {
      for (const input of inputs()) {
        const expected = schema.parse(input) as Record<string, unknown>;
        // Zod keeps a caught key as `undefined`; the function leaves it out (the same URL).
        for (const key of Object.keys(expected)) if (expected[key] === undefined) delete expected[key];
        expect(parse(input as never), JSON.stringify(input)).toStrictEqual(expected);
      }
    });
  }

  it('fills the defaults: page 1, pageSize 25, direction asc', () => {
    expect(parseListSearch({} as never)).toEqual({ page: 1, pageSize: 25, direction: 'asc' });
    expect(parsePictureBankSearch({} as never)).toEqual({ page: 1, pageSize: 48, direction: 'asc' });
  });

  it("the picture bank's categories are the contract's", () => {
    expect([...categories]).toEqual([...pictureBankCategories]);
  });

  it('leaves empty search and sort out of the API query', () => {
    expect(toListQuery({ page: 2, pageSize: 25, direction: 'asc', tab: 'active' })).toEqual({
      page: 2,
      pageSize: 25,
      direction: 'asc',
    });
  });
});
