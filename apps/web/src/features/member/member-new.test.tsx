import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, fakeAppApi, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { choose, manager, memberApi } from './member-test-setup';
import { fatima, gymLocations, lists, locationEmployee } from './test-support';

/*
 * A new member at the desk: the form checked with the contract, the server's error on its field, and the
 * active location in the Location environment.
 */

setUpAppTests();

const activeLocation = {
  ...gymLocations[0],
  gymId: 10,
  memberExpectedInsideTime: 90,
  qrCode: null,
  qrCodeIssuedAt: null,
  statusRequirements: [],
};

describe('a new member at the desk', () => {
  it('checks the fields with the contract, sends them and opens the new member', async () => {
    const api = memberApi();
    const requests = fakeAppApi(manager, {
      ...api.routes,
      'POST /api/Member': () => ({ data: fatima }),
    });
    const { router } = await startApp('/members/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Lid toevoegen' });
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(form).findAllByText('Dit veld is verplicht')).toHaveLength(3);
    expect(requestsTo(requests, 'POST', '/api/Member')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /^Voornaam/ }), 'Fatima');
    await user.type(within(form).getByRole('textbox', { name: /^Tussenvoegsel/ }), 'el');
    await user.type(within(form).getByRole('textbox', { name: /^Achternaam/ }), 'Amrani');
    await user.type(within(form).getByRole('textbox', { name: /^E-mailadres/ }), 'fatima@example');
    await user.type(within(form).getByRole('textbox', { name: /^Postcode/ }), '3811ab');
    await user.type(within(form).getByRole('textbox', { name: /^Geboortedatum/ }), '12-04-1850');
    await choose(/^Hoofdlocatie/, 'Vitaal Amersfoort', form);
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(form).findByText('Vul een geldig e-mailadres in')).toBeInTheDocument();
    expect(
      within(form).getByText(
        'Vul een geboortedatum in die niet in de toekomst en niet meer dan 130 jaar geleden ligt',
      ),
    ).toBeInTheDocument();

    const email = within(form).getByRole('textbox', { name: /^E-mailadres/ });
    await user.clear(email);
    await user.type(email, 'fatima@example.com');
    const birth = within(form).getByRole('textbox', { name: /^Geboortedatum/ });
    await user.clear(birth);
    await user.type(birth, '12-04-1990');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/41'));
    expect(requestsTo(requests, 'POST', '/api/Member')[0]?.body).toEqual({
      firstName: 'Fatima',
      insertion: 'el',
      lastName: 'Amrani',
      email: 'fatima@example.com',
      dateOfBirth: '1990-04-12',
      postalCode: '3811 AB',
      homeLocationId: 5,
    });
    expect(await screen.findByText('Fatima el Amrani is toegevoegd.')).toBeInTheDocument();
  });

  it("shows the server's error on its field (an e-mail address taken)", async () => {
    fakeAppApi(manager, {
      ...lists,
      'POST /api/Member': () => failure(409, 'member.errors.emailTaken', 'email'),
    });
    await startApp('/members/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Lid toevoegen' });
    await user.type(within(form).getByRole('textbox', { name: /^Voornaam/ }), 'Kees');
    await user.type(within(form).getByRole('textbox', { name: /^Achternaam/ }), 'de Boer');
    await user.type(within(form).getByRole('textbox', { name: /^E-mailadres/ }), 'kees@example.com');
    await choose(/^Hoofdlocatie/, 'Vitaal Utrecht Centrum', form);
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(form).findByText('Er is al een lid met dit e-mailadres')).toBeInTheDocument();
  });

  it('registers the member at the active location in the Location environment, without asking it', async () => {
    const requests = fakeAppApi(locationEmployee(), {
      'GET /api/Location/5': () => ({ data: activeLocation }),
      'POST /api/Member': () => ({ data: fatima }),
      'GET /api/Member/41': () => ({ data: fatima }),
    });
    const { router } = await startApp('/location/members/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Lid toevoegen' });
    expect(within(form).queryByRole('combobox', { name: /^Hoofdlocatie/ })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^Voornaam/ }), 'Fatima');
    await user.type(within(form).getByRole('textbox', { name: /^Achternaam/ }), 'Amrani');
    await user.click(within(form).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/location/members/41'));
    expect(requestsTo(requests, 'POST', '/api/Member')[0]?.body).toMatchObject({ homeLocationId: 5 });
  });
});
