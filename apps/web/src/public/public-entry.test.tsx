import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { dueInvoice } from '@/features/billing-public/test-support';
import { clubPageRoutes } from '@/features/sign-up/test-support';
import { fakeApi, type Routes } from '@/test/fake-api';
import { render, screen, within } from '@/test/render';
import { PublicEntry } from './public-entry';
import { createPublicI18n, type PublicLanguage } from './public-i18n';
import { prefetchPage, publicPageOf } from './public-pages';

const token = '42.abcdefghijklmnopqrstuv';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.lang = 'nl';
});

/** The entry as public-main.tsx starts it, on `path`; answers the keys the page asked that have no text. */
async function openEntry(path: string, routes: Routes, language: PublicLanguage = 'nl') {
  fakeApi(routes);
  const [pathname = '', search = ''] = path.split(/(?=\?)/);
  const page = publicPageOf(pathname, search);
  const { i18n, ready } = createPublicI18n(language);
  const missing: string[] = [];
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_languages, _namespace, key) => missing.push(key);
  i18n.on('missingKey', (_languages, _namespace, key) => missing.push(key));
  const queryClient = createQueryClient();
  await Promise.all([ready, prefetchPage(queryClient, page)]);
  render(
    <MantineProvider env="test">
      <PublicEntry page={page} i18n={i18n} queryClient={queryClient} />
    </MantineProvider>,
  );
  return { missing, i18n };
}

describe('the public entry', () => {
  it("shows a gym's sign-up page with its clubs, with only the public texts", async () => {
    const { missing } = await openEntry('/inschrijven/vitaal', clubPageRoutes);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inschrijven bij Vitaal' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Kiezen Vitaal Utrecht Centrum' })).toBeInTheDocument();
    expect(missing).toEqual([]);
  });

  it("shows a club's sign-up page at its memberships, in English when that was picked", async () => {
    const { missing } = await openEntry('/inschrijven/vitaal/utrecht-centrum', clubPageRoutes, 'en');
    expect(await screen.findByRole('radio', { name: 'Maandelijks' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign up at Vitaal' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(missing).toEqual([]);
  });

  it('shows a pay link', async () => {
    const { missing } = await openEntry(`/betalen/${token}`, {
      [`GET /api/Invoice/Public/${token}`]: () => ({
        data: dueInvoice,
      }),
    });
    expect(await screen.findByRole('button', { name: 'Betalen' })).toBeInTheDocument();
    expect(screen.getByTestId('invoice-amount')).toHaveTextContent('€ 49,50');
    expect(missing).toEqual([]);
  });

  it('says a cancel link is no longer valid', async () => {
    const { missing } = await openEntry('/afmelden/perf-onbekende-link', {});
    expect(await screen.findByRole('alert')).toHaveTextContent(/link/i);
    expect(missing).toEqual([]);
  });

  it('says an address under the public paths names no page', async () => {
    const { missing } = await openEntry('/inschrijven/a/b/c', {});
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent('Pagina niet gevonden');
    expect(within(main).getByRole('link')).toHaveAttribute('href', '/');
    expect(missing).toEqual([]);
  });
});
