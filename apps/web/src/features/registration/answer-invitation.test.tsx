import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { failure, fakeAppApi, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, userEvent, within } from '@/test/render';
import { CODE } from './test-support';

const invitationPath = `/api/EmployerEmployeeInvitation/${CODE}`;
const invitation = {
  kind: 'employerEmployee',
  email: 'noor.visser@example.com',
  organisationName: 'Bouwbedrijf Jansen',
  requiresVerification: false,
  hasAccount: true,
};
const route = `/account/register/employer/employee/${CODE}`;

setUpAppTests();

describe('an employer’s invitation for someone who already has an account', () => {
  it('asks to accept instead of registering, and accepts', async () => {
    const requests = fakeAppApi(null, {
      [`GET ${invitationPath}`]: () => ({ data: invitation }),
      [`POST ${invitationPath}/Accept`]: () => ({ data: null }),
    });
    await startApp(route);
    const accept = await screen.findByRole('button', { name: 'Uitnodiging accepteren' });
    expect(screen.getByRole('heading', { name: 'Uitnodiging van je werkgever' })).toBeInTheDocument();
    expect(screen.getByText(/Er bestaat al een account met noor.visser@example.com/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registreren' })).not.toBeInTheDocument();

    await userEvent.setup().click(accept);
    expect(await screen.findByRole('heading', { name: 'Uitnodiging geaccepteerd' })).toBeInTheDocument();
    expect(
      screen.getByText('Je bent nu aangesloten bij Bouwbedrijf Jansen. Log in met je bestaande account.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar inloggen' })).toHaveAttribute('href', '/account/login');
    expect(requestsTo(requests, 'POST', `${invitationPath}/Accept`)).toHaveLength(1);
  });

  it('declines only after a confirmation', async () => {
    const requests = fakeAppApi(null, {
      [`GET ${invitationPath}`]: () => ({ data: invitation }),
      [`POST ${invitationPath}/Deny`]: () => ({ data: null }),
    });
    await startApp(route);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Afwijzen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uitnodiging afwijzen' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requestsTo(requests, 'POST', `${invitationPath}/Deny`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Afwijzen' }));
    const again = await screen.findByRole('dialog', { name: 'Uitnodiging afwijzen' });
    await user.click(within(again).getByRole('button', { name: 'Afwijzen' }));
    expect(await screen.findByRole('heading', { name: 'Uitnodiging afgewezen' })).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', `${invitationPath}/Deny`)).toHaveLength(1);
  });

  it('shows the page of a used code when it was answered meanwhile', async () => {
    fakeAppApi(null, {
      [`GET ${invitationPath}`]: () => ({ data: invitation }),
      [`POST ${invitationPath}/Accept`]: () => failure(404, 'invitation.errors.used'),
    });
    await startApp(route);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Uitnodiging accepteren' }));
    expect(await screen.findByRole('heading', { name: 'Uitnodiging al gebruikt' })).toBeInTheDocument();
  });

  it('has a page for a declined code', async () => {
    fakeAppApi(null, { [`GET ${invitationPath}`]: () => failure(404, 'invitation.errors.denied') });
    await startApp(route);
    expect(await screen.findByRole('heading', { name: 'Uitnodiging afgewezen' })).toBeInTheDocument();
    expect(screen.getByText(/Je hebt deze uitnodiging afgewezen/)).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await setLanguage('en');
    fakeAppApi(null, { [`GET ${invitationPath}`]: () => ({ data: invitation }) });
    await startApp(route);
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invitation from your employer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });
});

describe('a gym’s invitation for an employee of another gym', () => {
  const gymPath = `/api/Account/Invitation/${CODE}`;
  const gymInvitation = { ...invitation, kind: 'gymEmployee', organisationName: 'Sportschool De Brug' };

  it('accepts with our own call and says so in Dutch', async () => {
    const requests = fakeAppApi(null, {
      [`GET ${gymPath}`]: () => ({ data: gymInvitation }),
      [`POST ${gymPath}/Accept`]: () => ({ data: null }),
    });
    await startApp(`/account/register/gym/employee/${CODE}`);
    const accept = await screen.findByRole('button', { name: 'Uitnodiging accepteren' });
    expect(screen.getByRole('heading', { name: 'Uitnodiging van een sportschool' })).toBeInTheDocument();
    expect(screen.getByText('Medewerker sportschool')).toBeInTheDocument();
    expect(screen.getByText(/om ook bij Sportschool De Brug te werken/)).toBeInTheDocument();
    await userEvent.setup().click(accept);
    expect(await screen.findByRole('heading', { name: 'Uitnodiging geaccepteerd' })).toBeInTheDocument();
    expect(requestsTo(requests, 'POST', `${gymPath}/Accept`)).toHaveLength(1);
  });

  it('reads in English', async () => {
    await setLanguage('en');
    fakeAppApi(null, { [`GET ${gymPath}`]: () => ({ data: gymInvitation }) });
    await startApp(`/account/register/gym/employee/${CODE}`);
    expect(await screen.findByRole('heading', { name: 'Invitation from a gym' })).toBeInTheDocument();
    expect(screen.getByText(/to work at Sportschool De Brug as well/)).toBeInTheDocument();
  });
});
