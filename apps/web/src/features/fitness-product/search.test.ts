import {
  commissionSortable,
  commissionTabs as contractCommissionTabs,
  supplierProductSortable,
  supplierProductTabs,
} from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { defaultListState } from '@/ui/list-search';
import {
  commissionSortFields,
  commissionTabs,
  productSortFields,
  productTabs,
  toCommissionQuery,
  toProductQuery,
} from './search';

describe('the fitness product lists in the URL', () => {
  it("keeps the contract's tabs and sort fields", () => {
    expect(productTabs).toEqual(supplierProductTabs);
    expect([...productSortFields].sort()).toEqual([...supplierProductSortable].sort());
    expect(commissionTabs).toEqual(contractCommissionTabs);
    expect([...commissionSortFields].sort()).toEqual([...commissionSortable].sort());
  });

  it('asks the first tab by default, drops an unknown tab or sort, and passes search and sort', () => {
    expect(toProductQuery(defaultListState)).toEqual({
      page: 1,
      pageSize: 25,
      direction: 'asc',
      tab: 'existant',
    });
    expect(toProductQuery({ ...defaultListState, tab: 'x', sort: 'price' })).toEqual({
      page: 1,
      pageSize: 25,
      direction: 'asc',
      tab: 'existant',
    });
    expect(
      toProductQuery({ ...defaultListState, tab: 'denied', search: 'loop', sort: 'createdAt' }),
    ).toMatchObject({
      tab: 'denied',
      search: 'loop',
      sort: 'createdAt',
    });
    expect(toCommissionQuery(defaultListState)).toMatchObject({
      tab: 'awaiting',
      sort: 'createdAt',
      direction: 'desc',
    });
    expect(toCommissionQuery({ ...defaultListState, sort: 'supplierName', tab: 'denied' })).toMatchObject({
      tab: 'denied',
      sort: 'supplierName',
      direction: 'asc',
    });
  });
});
