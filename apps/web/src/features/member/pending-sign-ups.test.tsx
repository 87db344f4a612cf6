import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import type { PendingSignUpItem } from '@xp/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/app/session-store';
import { fakeApi, renderWithQuery, requestsTo } from '@/test/fake-api';
import { cleanup, screen, waitFor, within } from '@/test/render';
import { PendingSignUps } from './pending-sign-ups';
import { gymManager } from './test-support';

beforeEach(() => sessionStore.setClaims(gymManager()));
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  sessionStore.setClaims(null);
});

const items: PendingSignUpItem[] = [
  {
    id: 7,
    createdAt: '2026-11-28T10:00:00.000Z',
    email: 'fatima@example.com',
    fullName: 'Iemand Anders',
    dateOfBirth: '1970-01-01',
    locationName: 'Vitaal Utrecht Centrum',
    subscriptionName: 'Fitness onbeperkt',
    variantName: 'Maandelijks',
    startDate: '2026-12-01',
    member: { id: 3, fullName: 'Fatima el Amrani' },
  },
  {
    id: 8,
    createdAt: '2026-11-28T11:00:00.000Z',
    email: 'nieuw@example.com',
    fullName: 'Nieuwe Persoon',
    dateOfBirth: '1999-09-09',
    locationName: 'Vitaal Utrecht Centrum',
    subscriptionName: 'Fitness onbeperkt',
    variantName: 'Maandelijks',
    startDate: '2026-12-01',
    member: null,
  },
];

describe('the sign-ups to check', () => {
  it('lists each beside the member of its address; merging and dismissing ask first and say what happens', async () => {
    const requests = fakeApi({
      'GET /api/SignUp/Pending': () => ({ data: { items, total: items.length } }),
      'POST /api/SignUp/Pending/7/Merge': () => ({ data: { memberId: 3 } }),
      'POST /api/SignUp/Pending/8/Dismiss': () => ({ data: null }),
    });
    renderWithQuery(<PendingSignUps />);
    const region = await screen.findByRole('region', { name: 'Aanmeldingen om te controleren' });
    const table = await within(region).findByRole('table', { name: 'Aanmeldingen om te controleren' });
    const [, existing, fresh] = within(table).getAllByRole('row');
    expect(existing).toHaveTextContent('Iemand Anders');
    expect(existing).toHaveTextContent('fatima@example.com');
    expect(existing).toHaveTextContent('Fatima el Amrani');
    expect(existing).toHaveTextContent('Fitness onbeperkt · Maandelijks');
    expect(fresh).toHaveTextContent('Nieuw lid');

    await act(async () =>
      within(existing as HTMLElement)
        .getByRole('button', { name: /Samenvoegen/ })
        .click(),
    );
    const merge = await screen.findByRole('dialog', { name: 'Aanmelding samenvoegen' });
    expect(merge).toHaveTextContent(
      'De gegevens en het rekeningnummer van Fatima el Amrani (fatima@example.com)',
    );
    expect(requestsTo(requests, 'POST', '/api/SignUp/Pending/7/Merge')).toHaveLength(0);
    await act(async () => within(merge).getByRole('button', { name: 'Samenvoegen' }).click());
    await waitFor(() => expect(requestsTo(requests, 'POST', '/api/SignUp/Pending/7/Merge')).toHaveLength(1));

    await act(async () =>
      within(fresh as HTMLElement)
        .getByRole('button', { name: /Afwijzen/ })
        .click(),
    );
    const dismiss = await screen.findByRole('dialog', { name: 'Aanmelding afwijzen' });
    expect(dismiss).toHaveTextContent('Nieuwe Persoon (nieuw@example.com)');
    await act(async () => within(dismiss).getByRole('button', { name: 'Afwijzen' }).click());
    await waitFor(() =>
      expect(requestsTo(requests, 'POST', '/api/SignUp/Pending/8/Dismiss')).toHaveLength(1),
    );
  });

  it('says when there are none', async () => {
    fakeApi({ 'GET /api/SignUp/Pending': () => ({ data: { items: [], total: 0 } }) });
    renderWithQuery(<PendingSignUps />);
    expect(await screen.findByText('Er zijn geen aanmeldingen om te controleren.')).toBeInTheDocument();
  });
});
