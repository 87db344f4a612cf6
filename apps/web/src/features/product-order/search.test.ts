import { productOrderSortable as contractSortable, productOrderTabs as contractTabs } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultProductOrderListState,
  productOrderSortable,
  productOrderTabs,
  toProductOrderQuery,
} from './search';

describe('the product order lists in the URL', () => {
  it("keeps the contract's tabs and sort fields", () => {
    expect(productOrderTabs).toEqual(contractTabs);
    expect([...productOrderSortable].sort()).toEqual([...contractSortable].sort());
  });

  it('asks the Ordered tab by default and drops an unknown sort', () => {
    expect(toProductOrderQuery({ ...defaultProductOrderListState, sort: 'nope' })).toEqual({
      page: 1,
      pageSize: 25,
      tab: 'ordered',
    });
    expect(
      toProductOrderQuery({ ...defaultProductOrderListState, tab: 'paid', sort: 'total' }),
    ).toMatchObject({
      tab: 'paid',
      sort: 'total',
    });
  });
});
