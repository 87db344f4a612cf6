import userEvent from '@testing-library/user-event';
import type { Member } from '@xp/contracts';
import { screen, within } from '@/test/render';
import { fatima, gymManager, listItems, lists, tabCounts } from './test-support';

/*
 * The set-up the member screens' tests share: the members list and a member the fake API keeps (changed by
 * the detail's calls), the desk's manager, and picking an option of a select.
 */

/** The members list of the fake API: the two list items. */
export const list = { 'GET /api/Member': () => ({ data: { items: listItems, total: 2, tabCounts } }) };
/** A gym employee who may manage memberships and subscriptions. */
export const manager = gymManager(['ManageMemberships', 'ManageSubscriptions']);

/** A member the fake API keeps, changed by the calls of the detail. */
export function memberApi(start: Member = fatima) {
  let current = start;
  return {
    get current() {
      return current;
    },
    routes: {
      ...lists,
      ...list,
      'GET /api/Member/41': () => ({ data: current }),
      'PUT /api/Member': ({ body }: { body: unknown }) => {
        current = { ...current, ...(body as Partial<Member>) };
        return { data: current };
      },
      'POST /api/Member/41/Anonymise': () => {
        current = { ...current, fullName: 'Geanonimiseerd lid', anonymisedAt: '2026-11-24T12:00:00.000Z' };
        return { data: current };
      },
    },
  };
}

/** Picks the option of a select (a combobox) by the field's label. */
export async function choose(field: RegExp, option: string, scope: HTMLElement | typeof screen = screen) {
  const user = userEvent.setup();
  await user.click(within(scope as HTMLElement).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}
