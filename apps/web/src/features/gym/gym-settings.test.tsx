import userEvent from '@testing-library/user-event';
import type { Claims } from '@xp/contracts';
import { beforeAll, describe, expect, it, type Mock } from 'vitest';
import { admin, testClaims } from '@/app/test-support/claims';
import { setLanguage } from '@/i18n';
import { failure, fakeAppApi, type Routes, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { gyms } from './test-support';

setUpAppTests();

// The screens load lazily; transform them once up front so that no test waits for that.
beforeAll(async () => {
  await Promise.all([
    import('./gym-dashboard'),
    import('./gym-settings'),
    import('./gym-settings-layout'),
    import('./gym-registration-settings'),
  ]);
}, 60_000);

const vitaal = { ...gyms[0]!, id: 10 };
const gymEmployee = (rights: string[]) => testClaims({ name: 'Jeroen Bakker', gymRights: rights });
const alterer = gymEmployee(['10:AlterGymInformation', '10:ManageMembers']);

const withGym = (routes: Routes = {}): Routes => ({
  'GET /api/Gym/10': () => ({ data: vitaal }),
  'GET /api/Gym/10/registrationSettings': () => ({ data: { id: 10, bannerHash: null } }),
  'GET /api/Gym/10/InvoiceDetails': () => ({
    data: { id: 10, kvkNumber: null, vatNumber: null, sepaCreditorId: null },
  }),
  ...routes,
});

async function start(path: string, claims: Claims, routes?: Routes) {
  const requests = fakeAppApi(claims, withGym(routes));
  return { requests, ...(await startApp(path)) };
}

describe('the gym dashboard', () => {
  it('shows the active gym with its numbers of locations and employees', async () => {
    await start('/', gymEmployee(['10:ManageMembers']));
    // The first screen of the file also waits for the shell to load.
    expect(
      await screen.findByRole('heading', { name: /Vitaal Sportcentra/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Welkom, Jeroen Bakker.')).toBeInTheDocument();
    expect(await main.findByText('1.204')).toBeInTheDocument();
    expect(main.getByText('Locaties').parentElement).toHaveTextContent('2');
    expect(main.getByText('Medewerkers').parentElement).toHaveTextContent('1.204');
    expect(main.getByText('/inschrijven/vitaal')).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Naar locaties' })).toHaveAttribute('href', '/locations');
    expect(main.getByRole('link', { name: 'Naar medewerkers' })).toHaveAttribute('href', '/employees');
  }, 20_000);

  it('links to the employees only for who may manage them', async () => {
    await start('/', gymEmployee(['10:ManageSubscriptions']));
    const main = within(await screen.findByRole('main'));
    expect(await main.findByText('1.204')).toBeInTheDocument();
    expect(main.queryByRole('link', { name: 'Naar medewerkers' })).not.toBeInTheDocument();
  });

  it('says when the gym cannot be loaded, and retries', async () => {
    let isDown = true;
    await start('/', alterer, {
      // A refusal, so that the app's query client does not retry by itself first.
      'GET /api/Gym/10': () => (isDown ? failure(403, 'auth.forbidden') : { data: vitaal }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'De gegevens van de sportschool kunnen niet worden opgehaald',
    );
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { name: /Vitaal Sportcentra/ })).toBeInTheDocument();
  });
});

describe('the gym settings', () => {
  it('is in the menu for AlterGymInformation only', async () => {
    await start('/', alterer);
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Instellingen' })).toHaveAttribute('href', '/settings');
  });

  it('sends who lacks AlterGymInformation home, without a menu item', async () => {
    const { router } = await start('/settings', gymEmployee(['10:ManageMembers']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).queryByRole('link', { name: 'Instellingen' })).not.toBeInTheDocument();
  });

  it('edits name and slug of the active gym under the tab Algemeen', async () => {
    const { requests } = await start('/settings', alterer, {
      'PUT /api/Gym': (request) => ({ data: { ...vitaal, ...(request.body as object) } }),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Instellingen' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Onderdelen van de instellingen' });
    expect(within(tabs).getByRole('tab', { name: 'Algemeen' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: 'Inschrijving' })).toBeInTheDocument();

    const form = await screen.findByRole('form', { name: 'Algemeen' });
    const name = within(form).getByRole('textbox', { name: /Naam/ });
    expect(name).toHaveValue('Vitaal Sportcentra');
    await user.clear(name);
    await user.type(name, 'Vitaal Sport');
    const slug = within(form).getByRole('textbox', { name: /Slug/ });
    expect(slug).toHaveValue('vitaal');
    await user.clear(slug);
    await user.type(slug, 'Vitaal-Sport');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('De instellingen zijn opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Gym')[0]?.body).toEqual({
      id: 10,
      name: 'Vitaal Sport',
      slug: 'vitaal-sport',
    });
  });

  it('shows a slug in use under the field and keeps the edits', async () => {
    await start('/settings', alterer, {
      'PUT /api/Gym': () => failure(409, 'gym.errors.slugTaken', 'slug'),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Algemeen' });
    const slug = within(form).getByRole('textbox', { name: /Slug/ });
    await user.clear(slug);
    await user.type(slug, 'de-brug');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(form).findByText('Deze slug is al in gebruik bij een andere sportschool'),
    ).toBeInTheDocument();
    expect(slug).toHaveValue('de-brug');
  });

  it('shows the tab Rechtengroepen only with ManageGymRights, and sends who has only that right there', async () => {
    const { router } = await start('/settings', gymEmployee(['10:ManageGymRights']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/rightGroups'));
    const tabs = await screen.findByRole('tablist', { name: 'Onderdelen van de instellingen' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Rechtengroepen']);
    expect(within(tabs).getByRole('tab', { name: 'Rechtengroepen' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('shows every tab to an admin', async () => {
    await start('/settings', admin());
    const tabs = await screen.findByRole('tablist', { name: 'Onderdelen van de instellingen' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Algemeen', 'Inschrijving', 'Rechtengroepen']);
  });

  it('moves to the tab Inschrijving by keyboard', async () => {
    const { router } = await start('/settings', alterer);
    const user = userEvent.setup();
    const general = await screen.findByRole('tab', { name: 'Algemeen' });
    general.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/registration'));
    expect(await screen.findByRole('tab', { name: 'Inschrijving' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('the registration settings', () => {
  it('shows the public sign-up link and that there is no banner yet', async () => {
    await start('/settings/registration', alterer);
    expect(await screen.findByText(`${window.location.origin}/inschrijven/vitaal`)).toBeInTheDocument();
    expect(screen.getByText('Er is nog geen banner ingesteld.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Banner verwijderen' })).not.toBeInTheDocument();
  });

  it('shows the banner and removes it after confirmation', async () => {
    let bannerHash: string | null = 'abc123';
    const { requests } = await start('/settings/registration', alterer, {
      'GET /api/Gym/10/registrationSettings': () => ({ data: { id: 10, bannerHash } }),
      'DELETE /api/Gym/10/banner': () => {
        bannerHash = null;
        return { data: { id: 10, bannerHash } };
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('img', { name: 'Huidige banner van de inschrijfpagina' })).toHaveAttribute(
      'src',
      expect.stringContaining('/cdn/abc123'),
    );

    await user.click(screen.getByRole('button', { name: 'Afbeelding verwijderen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Banner verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requestsTo(requests, 'DELETE', '/api/Gym/10/banner')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Afbeelding verwijderen' }));
    dialog = await screen.findByRole('dialog', { name: 'Banner verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('De banner is verwijderd.')).toBeInTheDocument();
    expect(await screen.findByText('Er is nog geen banner ingesteld.')).toBeInTheDocument();
    expect(requestsTo(requests, 'DELETE', '/api/Gym/10/banner')).toHaveLength(1);
  });

  it('uploads a chosen banner as multipart with the gym id, previewing it first', async () => {
    let bannerHash: string | null = null;
    const { requests } = await start('/settings/registration', alterer, {
      'GET /api/Gym/10/registrationSettings': () => ({ data: { id: 10, bannerHash } }),
      'PUT /api/Gym/Registration': () => {
        bannerHash = 'f'.repeat(64);
        return { data: { id: 10, bannerHash } };
      },
    });
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Banner uploaden' });
    expect(save).toBeDisabled();
    const banner = new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, banner);
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('De banner is opgeslagen.')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Gym/Registration')).toHaveLength(1);
    const [, init] = (fetch as unknown as Mock).mock.calls.find(([url]) => url === '/api/Gym/Registration')!;
    const form = init.body as FormData;
    expect(form.get('id')).toBe('10');
    expect((form.get('banner') as File).name).toBe('banner.png');
    expect(await screen.findByRole('img', { name: 'Huidige banner van de inschrijfpagina' })).toHaveAttribute(
      'src',
      expect.stringContaining(`/cdn/${'f'.repeat(64)}`),
    );
  });

  it('shows why the server refused the file under the field', async () => {
    await start('/settings/registration', alterer, {
      'PUT /api/Gym/Registration': () => failure(400, 'files.errors.notAnImage', 'banner'),
    });
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Banner uploaden' });
    const banner = new File(['<svg/>'], 'banner.png', { type: 'image/png' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, banner);
    await user.click(save);
    expect(
      await screen.findByText('Dit bestand is geen afbeelding. Kies een PNG, JPEG of WebP.'),
    ).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await setLanguage('en');
    await start('/settings/registration', admin());
    expect(await screen.findByRole('tab', { name: 'Sign-up' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No banner has been set yet.')).toBeInTheDocument();
  });
});

describe("the gym's invoice details", () => {
  it('sets the KvK and VAT numbers, shows a wrong form on its field, and saves', async () => {
    const { requests } = await start('/settings', alterer, {
      'PUT /api/Gym/InvoiceDetails': (request) => {
        const body = request.body as { kvkNumber: string | null };
        return body.kvkNumber === '1234567'
          ? failure(400, 'gym.errors.kvkFormat', 'kvkNumber')
          : { data: { id: 10, kvkNumber: '12345678', vatNumber: 'NL123456789B01', sepaCreditorId: null } };
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Factuurgegevens' }));
    const user = userEvent.setup();
    await user.type(form.getByRole('textbox', { name: 'KvK-nummer' }), '1234567');
    await user.click(form.getByRole('button', { name: 'Opslaan' }));
    expect(await form.findByText('Een KvK-nummer heeft 8 cijfers')).toBeInTheDocument();
    await user.clear(form.getByRole('textbox', { name: 'KvK-nummer' }));
    await user.type(form.getByRole('textbox', { name: 'KvK-nummer' }), '12345678');
    await user.type(form.getByRole('textbox', { name: 'Btw-identificatienummer' }), 'nl123456789b01');
    await user.click(form.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De factuurgegevens zijn opgeslagen')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Gym/InvoiceDetails').at(-1)?.body).toEqual({
      id: 10,
      kvkNumber: '12345678',
      vatNumber: 'NL123456789B01',
      sepaCreditorId: null,
    });
  });

  it('sets the SEPA creditor id, checked by its form before sending', async () => {
    const { requests } = await start('/settings', alterer, {
      'PUT /api/Gym/InvoiceDetails': ({ body }) => ({ data: body }),
    });
    const form = within(await screen.findByRole('form', { name: 'Factuurgegevens' }));
    const user = userEvent.setup();
    const creditorId = form.getByRole('textbox', { name: 'Incassant-ID' });
    expect(creditorId).toHaveAttribute('placeholder', 'NL98ZZZ999999999999');
    expect(form.getByText('Staat op de vooraankondiging van elke incasso')).toBeInTheDocument();

    await user.type(creditorId, 'NL98ZZZ1234');
    await user.click(form.getByRole('button', { name: 'Opslaan' }));
    expect(await form.findByText('Een incassant-ID ziet eruit als NL98ZZZ999999999999')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Gym/InvoiceDetails')).toEqual([]);

    await user.clear(creditorId);
    await user.type(creditorId, 'nl98 zzz 9999 9999 9999');
    await user.click(form.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De factuurgegevens zijn opgeslagen')).toBeInTheDocument();
    expect(requestsTo(requests, 'PUT', '/api/Gym/InvoiceDetails')[0]?.body).toEqual({
      id: 10,
      kvkNumber: null,
      vatNumber: null,
      sepaCreditorId: 'NL98ZZZ999999999999',
    });
  });

  it("puts the server's creditor id error on its field, in English too", async () => {
    await setLanguage('en');
    await start('/settings', alterer, {
      'PUT /api/Gym/InvoiceDetails': () => failure(400, 'gym.errors.creditorIdFormat', 'sepaCreditorId'),
    });
    const form = within(await screen.findByRole('form', { name: 'Invoice details' }));
    const user = userEvent.setup();
    const creditorId = form.getByRole('textbox', { name: 'SEPA creditor ID' });
    expect(form.getByText('Shown on the pre-notification of every direct debit')).toBeInTheDocument();
    await user.type(creditorId, 'NL98ZZZ999999999999');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('A SEPA creditor ID looks like NL98ZZZ999999999999')).toBeInTheDocument();
    expect(creditorId).toHaveAttribute('aria-invalid', 'true');
  });
});
