import { notifications } from '@mantine/notifications';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, queryOf, renderWithQuery } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { defaultListState, type ListState } from '@/ui/list-search';
import { AdminInvitationList } from './admin-invitation-list';
import { invitations } from './test-support';

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

function renderList(state: ListState = defaultListState, language: 'nl' | 'en' = 'nl') {
  const onStateChange = vi.fn();
  const result = renderWithQuery(<AdminInvitationList state={state} onStateChange={onStateChange} />, {
    language,
  });
  return { ...result, onStateChange };
}

const listOf =
  (items = invitations) =>
  () => ({ data: { items, total: items.length } });

const rowOf = (email: string) => screen.getByRole('row', { name: new RegExp(email.replace('.', '\\.')) });

describe('the invited admins', () => {
  it('lists email, inviter, sent and expiry date, marking expired ones, for the page of the URL', async () => {
    const requests = fakeApi({
      'GET /api/Admin/Invitation': () => ({ data: { items: invitations, total: 27 } }),
    });
    renderList({ ...defaultListState, page: 2, search: 'beheer', sort: 'expiresAt', direction: 'desc' });

    expect(screen.getByRole('heading', { name: 'Uitgenodigde beheerders' })).toBeInTheDocument();
    await screen.findByText('nieuw.beheer@example.com');
    const table = screen.getByRole('table', { name: 'Uitgenodigde beheerders' });
    const [header, fresh, expired] = within(table).getAllByRole('row') as HTMLElement[];
    for (const name of ['E-mailadres', 'Uitgenodigd door', 'Verstuurd op', 'Verloopt op']) {
      expect(within(header!).getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    }
    expect(within(header!).getByRole('columnheader', { name: /Verloopt op/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(fresh).toHaveTextContent('Anne Admin');
    expect(fresh).toHaveTextContent('02-03-2026');
    expect(fresh).toHaveTextContent('16-03-2026');
    expect(within(fresh!).queryByText('Verlopen')).not.toBeInTheDocument();
    expect(expired).toHaveTextContent('—');
    expect(expired).toHaveTextContent('19-01-2026');
    expect(within(expired!).getByText('Verlopen')).toBeInTheDocument();
    expect(queryOf(requests[0])).toEqual({
      page: '2',
      pageSize: '25',
      direction: 'desc',
      search: 'beheer',
      sort: 'expiresAt',
    });
  });

  it('leaves a sort the server does not know out of the request, and sorts and searches through the URL', async () => {
    const requests = fakeApi({ 'GET /api/Admin/Invitation': listOf() });
    const { user, onStateChange } = renderList({ ...defaultListState, sort: 'invitedBy' });
    await screen.findByText('nieuw.beheer@example.com');
    expect(queryOf(requests[0])).toEqual({ page: '1', pageSize: '25', direction: 'asc' });

    await user.click(screen.getByRole('button', { name: 'Verstuurd op' }));
    expect(onStateChange).toHaveBeenLastCalledWith({
      ...defaultListState,
      sort: 'createdAt',
      direction: 'asc',
    });
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'nieuw');
    await waitFor(() =>
      expect(onStateChange).toHaveBeenLastCalledWith({
        ...defaultListState,
        sort: 'invitedBy',
        search: 'nieuw',
        page: 1,
      }),
    );
  });

  it('invites an admin, refusing an address the server already knows on the field', async () => {
    let items = invitations;
    const requests = fakeApi({
      'GET /api/Admin/Invitation': () => ({ data: { items, total: items.length } }),
      'POST /api/Admin/Invitation': (request) => {
        const { email } = request.body as { email: string };
        if (email === 'oud.beheer@example.com') {
          return { status: 409, errors: [{ key: 'email', message: 'invitation.errors.alreadyInvited' }] };
        }
        const created = { ...invitations[0]!, id: 9, email };
        items = [created, ...invitations];
        return { data: created };
      },
    });
    const { user } = renderList();
    await screen.findByText('nieuw.beheer@example.com');
    await user.click(screen.getByRole('button', { name: 'Beheerder uitnodigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beheerder uitnodigen' });
    const email = within(dialog).getByRole('textbox', { name: /E-mailadres/ });

    await user.type(email, 'geen-adres');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(await within(dialog).findByText('Vul een geldig e-mailadres in')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'oud.beheer@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /E-mailadres/ })).toHaveAccessibleDescription(
        'Dit e-mailadres is al uitgenodigd.',
      ),
    );

    await user.clear(within(dialog).getByRole('textbox', { name: /E-mailadres/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /E-mailadres/ }), 'derde.beheer@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Uitnodiging versturen' }));
    expect(
      await within(dialog).findByText('Er is een uitnodiging verstuurd naar derde.beheer@example.com.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('derde.beheer@example.com')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { email: 'oud.beheer@example.com' },
      { email: 'derde.beheer@example.com' },
    ]);
  });

  it('sends an invitation again with a toast', async () => {
    const requests = fakeApi({
      'GET /api/Admin/Invitation': listOf(),
      'POST /api/Admin/Invitation/2/resend': () => ({ data: { ...invitations[1], isExpired: false } }),
    });
    const { user } = renderList();
    await screen.findByText('oud.beheer@example.com');
    await user.click(screen.getByRole('button', { name: 'Opnieuw versturen oud.beheer@example.com' }));
    expect(
      await screen.findByText('De uitnodiging is opnieuw verstuurd naar oud.beheer@example.com.'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(requests.filter((request) => request.method === 'GET')).toHaveLength(2));
  });

  it('says why sending again failed', async () => {
    fakeApi({
      'GET /api/Admin/Invitation': listOf(),
      'POST /api/Admin/Invitation/4/resend': () => ({
        status: 404,
        errors: [{ key: 'general', message: 'invitation.errors.notFound' }],
      }),
    });
    const { user } = renderList();
    await user.click(
      await screen.findByRole('button', { name: 'Opnieuw versturen nieuw.beheer@example.com' }),
    );
    expect(await screen.findByText('Deze uitnodiging bestaat niet (meer).')).toBeInTheDocument();
    expect(screen.getByText('De uitnodiging kan niet opnieuw worden verstuurd.')).toBeInTheDocument();
  });

  it('cancels an invitation after confirmation', async () => {
    let items = invitations;
    const requests = fakeApi({
      'GET /api/Admin/Invitation': () => ({ data: { items, total: items.length } }),
      'DELETE /api/Admin/Invitation/4': () => {
        items = invitations.filter((invitation) => invitation.id !== 4);
        return { data: null };
      },
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Annuleren nieuw.beheer@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uitnodiging annuleren' });
    expect(dialog).toHaveTextContent(
      'Weet je zeker dat je de uitnodiging voor nieuw.beheer@example.com wilt annuleren?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Annuleren nieuw.beheer@example.com' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Uitnodiging annuleren' })).getByRole('button', {
        name: 'Bevestigen',
      }),
    );
    expect(
      await screen.findByText('De uitnodiging voor nieuw.beheer@example.com is geannuleerd.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('nieuw.beheer@example.com')).not.toBeInTheDocument());
    expect(rowOf('oud.beheer@example.com')).toBeInTheDocument();
  });

  it('shows the empty state of the kit and a failure with retry', async () => {
    let isDown = true;
    fakeApi({
      'GET /api/Admin/Invitation': () =>
        isDown ? { status: 500, errors: [{ key: 'general', message: 'general_error' }] } : listOf([])(),
    });
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De uitnodigingen kunnen niet worden opgehaald.',
    );
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Er is niets om te tonen')).toBeInTheDocument();
  });

  it('speaks English', async () => {
    fakeApi({ 'GET /api/Admin/Invitation': listOf() });
    const { user } = renderList(defaultListState, 'en');
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invited administrators' })).toBeInTheDocument();
    for (const name of ['Email address', 'Invited by', 'Sent on', 'Expires on']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Send again oud.beheer@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel oud.beheer@example.com' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite administrator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite administrator' });
    expect(within(dialog).getByRole('button', { name: 'Send invitation' })).toBeInTheDocument();
  });
});
