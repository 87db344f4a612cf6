import { describe, expect, it } from 'vitest';
import { listSearchSchema, toListQuery } from './list-search';

describe('listSearchSchema', () => {
  it('fills the defaults: page 1, pageSize 25, direction asc', () => {
    expect(listSearchSchema.parse({})).toEqual({ page: 1, pageSize: 25, direction: 'asc' });
  });

  it('keeps valid values and replaces bad ones by the defaults', () => {
    expect(
      listSearchSchema.parse({
        page: 3,
        pageSize: 50,
        search: 'zaal',
        sort: 'name',
        direction: 'desc',
        tab: 'x',
      }),
    ).toEqual({
      page: 3,
      pageSize: 50,
      search: 'zaal',
      sort: 'name',
      direction: 'desc',
      tab: 'x',
    });
    expect(listSearchSchema.parse({ page: -4, pageSize: 1000, direction: 'sideways', search: 12 })).toEqual({
      page: 1,
      pageSize: 25,
      direction: 'asc',
    });
  });

  it('leaves empty search and sort out of the API query', () => {
    expect(toListQuery({ page: 2, pageSize: 25, direction: 'asc', tab: 'active' })).toEqual({
      page: 2,
      pageSize: 25,
      direction: 'asc',
    });
  });
});
