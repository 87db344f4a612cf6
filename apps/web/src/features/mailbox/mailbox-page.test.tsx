import { notifications } from '@mantine/notifications';
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Claims, MailboxMessage } from '@xp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { forgetRestoredSession, installSessionHooks } from '@/app/session';
import { sessionStore } from '@/app/session-store';
import { admin, testClaims } from '@/app/test-support/claims';
import { setLanguage } from '@/i18n';
import { screen, waitFor, within } from '@/test/render';
import { mailFrameDocument, splitLinks } from './mail-frame';

const invitation: MailboxMessage = {
  id: 7,
  to: 'nieuw@example.com',
  subject: 'Uitnodiging voor XP Back-office',
  text: 'XP Back-office\n\nAccount aanmaken:\nhttp://localhost:3000/account/register/admin/abc123\n',
  html: '<!doctype html><html lang="nl"><head><title>x</title></head><body><a href="http://localhost:3000/account/register/admin/abc123">Account aanmaken</a></body></html>',
  status: 'sent',
  createdAt: '2026-03-02T09:15:00.000Z',
  sentAt: '2026-03-02T09:15:01.000Z',
};
const code: MailboxMessage = {
  id: 6,
  to: 'sam@example.com',
  subject: 'Your verification code',
  text: 'XP Back-office\n\n    482913\n',
  html: '<p>482913</p>',
  status: 'pending',
  createdAt: '2026-03-02T09:10:00.000Z',
  sentAt: null,
};

/**
 * Replaces `fetch`: the session restores as `claims` (an admin unless said otherwise), the mailbox answers
 * `reply()`, everything else 404; records the mailbox requests.
 */
function fakeMailbox(
  reply: (url: URL) => { status: number; data: unknown },
  claims: Claims | null = admin(),
) {
  const requests: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const isMailbox = url.pathname === '/api/dev/mailbox';
      if (isMailbox) requests.push(url);
      const { status, data } = isMailbox
        ? reply(url)
        : url.pathname === '/api/account/restore'
          ? { status: 200, data: { claims } }
          : { status: 404, data: null };
      const ok = status < 400;
      return new Response(
        JSON.stringify({
          ok,
          data: ok ? data : null,
          errors: ok ? [] : [{ key: 'general', message: 'errors.notFound' }],
        }),
        { status, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return requests;
}

async function startApp(path: string) {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, session: sessionStore }, history);
  installSessionHooks(router, queryClient);
  await act(async () => {
    render(<App router={router} queryClient={queryClient} env="test" />);
  });
  return router;
}

beforeEach(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  sessionStore.setClaims(null);
  forgetRestoredSession();
  localStorage.clear();
  await setLanguage('nl');
});

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the development mailbox', () => {
  it('signs in like any screen: without a session to the login page, and back after it', async () => {
    const requests = fakeMailbox(() => ({ status: 200, data: { items: [], total: 0 } }), null);
    const router = await startApp('/dev/mailbox?to=sam%40example.com');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/account/login/${encodeURIComponent('/dev/mailbox?to=sam%40example.com')}`,
      ),
    );
    expect(requests).toHaveLength(0);
  });

  it('is for admins only: anyone else goes to their own home', async () => {
    const requests = fakeMailbox(() => ({ status: 200, data: { items: [], total: 0 } }), testClaims());
    const router = await startApp('/dev/mailbox');
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/dev\/mailbox/));
    expect(screen.queryByRole('heading', { name: 'Ontwikkelmailbox' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('lists the mails to an admin and shows the chosen one as HTML and as text', async () => {
    const requests = fakeMailbox(() => ({ status: 200, data: { items: [invitation, code], total: 2 } }));
    const router = await startApp('/dev/mailbox');

    expect(await screen.findByRole('heading', { name: 'Ontwikkelmailbox', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('navigation', { name: 'Berichten' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('nieuw@example.com'),
      expect.stringContaining('sam@example.com'),
    ]);
    expect(items[0]).toHaveTextContent('Uitnodiging voor XP Back-office');
    expect(items[1]).toHaveTextContent('In de wachtrij');
    expect(screen.getByText('2 van 2 berichten')).toBeInTheDocument();
    expect(screen.getByText('Kies links een bericht om het te lezen.')).toBeInTheDocument();
    expect(requests[0]?.searchParams.get('limit')).toBe('25');
    expect(requests[0]?.searchParams.has('to')).toBe(false);

    await userEvent.click(items[0]!);
    expect(router.state.location.search).toEqual({ id: 7 });
    const mail = await screen.findByRole('article', { name: 'Uitnodiging voor XP Back-office' });
    const frame = within(mail).getByTitle('Inhoud van Uitnodiging voor XP Back-office');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-top-navigation-by-user-activation');
    expect(frame.getAttribute('srcdoc')).toBe(mailFrameDocument(invitation.html));
    expect(frame.getAttribute('srcdoc')).toContain('<head><base target="_top"><title>');
    expect(within(mail).getByText('nieuw@example.com')).toBeInTheDocument();

    await userEvent.click(within(mail).getByRole('tab', { name: 'Tekst' }));
    expect(within(mail).getByRole('link', { name: /register\/admin\/abc123/ })).toHaveAttribute(
      'href',
      'http://localhost:3000/account/register/admin/abc123',
    );
  });

  it('refreshes by itself, so a new mail shows up', async () => {
    let items = [code];
    fakeMailbox(() => ({ status: 200, data: { items, total: items.length } }));
    await startApp('/dev/mailbox');
    await screen.findByText('sam@example.com');
    items = [invitation, code];
    expect(await screen.findByText('nieuw@example.com', {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('filters on the address in the URL', async () => {
    const requests = fakeMailbox(() => ({ status: 200, data: { items: [], total: 0 } }));
    const router = await startApp('/dev/mailbox?to=sam%40example.com');
    expect(await screen.findByText('Geen e-mails aan dit adres')).toBeInTheDocument();
    expect(requests[0]?.searchParams.get('to')).toBe('sam@example.com');

    const filter = screen.getByRole('searchbox', { name: 'Filter op ontvanger' });
    expect(filter).toHaveValue('sam@example.com');
    await userEvent.clear(filter);
    await userEvent.type(filter, 'nieuw@example.com');
    await waitFor(() => expect(router.state.location.search).toEqual({ to: 'nieuw@example.com' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('to')).toBe('nieuw@example.com'));
  });

  it('says so when there is no mail yet, in English too', async () => {
    fakeMailbox(() => ({ status: 200, data: { items: [], total: 0 } }));
    await setLanguage('en');
    await startApp('/dev/mailbox');
    expect(await screen.findByRole('heading', { name: 'Development mailbox', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No emails yet')).toBeInTheDocument();
  });

  it('does not exist when the API has no mailbox (production)', async () => {
    const requests = fakeMailbox(() => ({ status: 404, data: null }));
    await startApp('/dev/mailbox');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ontwikkelmailbox' })).not.toBeInTheDocument();
    // No retries and no refreshing of a 404.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(requests).toHaveLength(1);
  });
});

describe('mail frame helpers', () => {
  it('makes links open in the whole tab', () => {
    expect(mailFrameDocument('<html><head lang="x"><title>t</title></head></html>')).toBe(
      '<html><head lang="x"><base target="_top"><title>t</title></head></html>',
    );
    expect(mailFrameDocument('<p>hi</p>')).toBe('<base target="_top"><p>hi</p>');
  });

  it('finds the links in a text', () => {
    expect(splitLinks('Open:\nhttps://a.example/x?y=1 of http://b.example.')).toEqual([
      { text: 'Open:\n', isLink: false },
      { text: 'https://a.example/x?y=1', isLink: true },
      { text: ' of ', isLink: false },
      { text: 'http://b.example.', isLink: true },
    ]);
  });
});
