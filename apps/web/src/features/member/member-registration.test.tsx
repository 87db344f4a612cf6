import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeAppApi, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { manager, memberApi } from './member-test-setup';
import { fatima, listItems, locationEmployee, tabCounts } from './test-support';

/*
 * Open registrations: completed from the member's page or the list of open registrations, and the link to
 * finish a registration begun at the desk ('Link voor afronden') with its QR code.
 */

setUpAppTests();

describe('an open registration', () => {
  it("is completed from the member's page too, after a confirmation", async () => {
    const api = memberApi({ ...fatima, registrationCompleted: false });
    const requests = fakeAppApi(manager, {
      ...api.routes,
      'POST /api/Member/41/CompleteRegistration': () => ({ data: fatima }),
    });
    await startApp('/members/41');
    expect(await screen.findByText('Inschrijving niet voltooid')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Inschrijving voltooien' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inschrijving voltooien' });
    await user.click(within(dialog).getByRole('button', { name: 'Voltooien' }));
    expect(await screen.findByText('De inschrijving van Fatima el Amrani is voltooid.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Member/41/CompleteRegistration')).toHaveLength(1);
  });
});

const LINK = {
  publicCode: 'AbCdEfGhIjKlMnOp_Qr-St',
  url: 'https://club.example.test/inschrijven/afronden/AbCdEfGhIjKlMnOp_Qr-St',
};

/** The desk's modal of a member's link: the URL to copy, its QR code, and the kiosk on this tablet. */
async function expectLinkModal(name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Link voor afronden' });
  expect(dialog).toHaveTextContent(`Met deze link rondt ${name} de inschrijving zelf af`);
  expect(await within(dialog).findByRole('textbox', { name: 'Link' })).toHaveValue(LINK.url);
  const qr = await within(dialog).findByRole('img', { name: `QR-code van de link voor ${name}` });
  const src = qr.getAttribute('src') ?? '';
  expect(src).toMatch(/^data:image\/svg\+xml/);
  expect(decodeURIComponent(src)).toContain('<svg');
  expect(within(dialog).getByRole('link', { name: 'Op deze tablet afronden' })).toHaveAttribute(
    'href',
    `${LINK.url}/kiosk`,
  );
  return dialog;
}

describe('the open registrations', () => {
  it('completes a registration after a confirmation', async () => {
    const open = { ...listItems[1]!, id: 43, fullName: 'Noor Jansen' };
    const requests = fakeAppApi(locationEmployee(), {
      'GET /api/Member': () => ({ data: { items: listItems, total: 2, tabCounts } }),
      'GET /api/Member/OpenRegistration': () => ({ data: { items: [open], total: 1 } }),
      'POST /api/Member/43/CompleteRegistration': () => ({ data: { ...fatima, id: 43 } }),
    });
    const { router } = await startApp('/location/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open inschrijvingen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/location/members/openRegistrations'));
    await user.click(await screen.findByRole('button', { name: 'Voltooien Noor Jansen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inschrijving voltooien' });
    expect(dialog).toHaveTextContent('Noor Jansen krijgt toegang tot het abonnement.');
    await user.click(within(dialog).getByRole('button', { name: 'Voltooien' }));
    expect(await screen.findByText('De inschrijving van Noor Jansen is voltooid.')).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', '/api/Member/43/CompleteRegistration')).toHaveLength(1);
  });
});

describe("the link to finish a registration begun at the desk ('Link voor afronden')", () => {
  const open = { ...listItems[1]!, id: 43, fullName: 'Noor Jansen' };
  const openList = {
    'GET /api/Member': () => ({ data: { items: listItems, total: 2, tabCounts } }),
    'GET /api/Member/OpenRegistration': () => ({ data: { items: [open], total: 1 } }),
  };

  it('shows the link of a row of the open registrations with its QR code, to copy', async () => {
    const requests = fakeAppApi(locationEmployee(), {
      ...openList,
      'POST /api/Member/43/RegistrationLink': () => ({ data: LINK }),
    });
    await startApp('/location/members/openRegistrations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Link voor afronden Noor Jansen' }));
    const dialog = await expectLinkModal('Noor Jansen');
    expect(requestsTo(requests, 'POST', '/api/Member/43/RegistrationLink')).toHaveLength(1);
    // The row did not open the member.
    expect(screen.queryByRole('heading', { level: 1, name: 'Noor Jansen' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Kopiëren' }));
    expect(await within(dialog).findByRole('button', { name: 'Gekopieerd' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LINK.url);

    await user.click(within(dialog).getByRole('button', { name: 'Klaar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the link cannot be made, and asks again', async () => {
    let isDown = true;
    fakeAppApi(locationEmployee(), {
      ...openList,
      'POST /api/Member/43/RegistrationLink': () => (isDown ? failure(500, 'general_error') : { data: LINK }),
    });
    await startApp('/location/members/openRegistrations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Link voor afronden Noor Jansen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link voor afronden' });
    expect(await within(dialog).findByText('De link kan niet worden gemaakt')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Op deze tablet afronden' })).not.toBeInTheDocument();
    isDown = false;
    await user.click(within(dialog).getByRole('button', { name: 'Opnieuw proberen' }));
    await expectLinkModal('Noor Jansen');
  });

  it('is on the page of a member whose registration is open', async () => {
    const api = memberApi({ ...fatima, registrationCompleted: false });
    const requests = fakeAppApi(manager, {
      ...api.routes,
      'POST /api/Member/41/RegistrationLink': () => ({ data: LINK }),
    });
    await startApp('/members/41');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Link voor afronden' }));
    await expectLinkModal('Fatima el Amrani');
    expect(requestsTo(requests, 'POST', '/api/Member/41/RegistrationLink')).toHaveLength(1);
  });

  it('is not on the page of a completed member', async () => {
    fakeAppApi(manager, memberApi(fatima).routes);
    await startApp('/members/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fatima el Amrani' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link voor afronden' })).not.toBeInTheDocument();
  });
});
