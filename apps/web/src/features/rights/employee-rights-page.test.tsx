import { configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { failure, fakeAppApi, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { gymManager, piet } from './test-support';

setUpAppTests();
// The first visit compiles the lazy route chunks, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const url = '/api/GymEmployee/7/Rights';

describe('the rights of a gym employee', () => {
  it('shows gym rights with descriptions, rights from groups and rights per location', async () => {
    fakeAppApi(gymManager(), { [`GET ${url}`]: () => ({ data: piet }) });
    await startApp('/employees/7/rights');

    expect(await screen.findByRole('heading', { name: 'Rechten van Piet de Boer' })).toBeInTheDocument();
    const gym = screen.getByRole('group', { name: 'Rechten in de sportschool' });
    expect(within(gym).getByRole('checkbox', { name: 'Medewerkers beheren' })).toBeChecked();
    expect(within(gym).getByRole('checkbox', { name: 'Abonnementen beheren' })).not.toBeChecked();
    expect(gym).toHaveTextContent('Abonnementen en hun varianten aanmaken, wijzigen en (de)activeren.');
    // A right from a group says so next to it.
    expect(gym).toHaveTextContent('(ook via Receptie)');

    const groups = screen.getByRole('heading', { name: 'Via rechtengroepen' }).parentElement as HTMLElement;
    expect(within(groups).getByText('Receptie')).toBeInTheDocument();
    expect(within(groups).getByText('Lidmaatschappen beheren')).toBeInTheDocument();

    const matrix = screen.getByRole('table', { name: 'Rechten per locatie' });
    expect(
      within(matrix).getByRole('checkbox', { name: 'Lessen beheren op Vitaal Utrecht Centrum' }),
    ).toBeChecked();
    expect(
      within(matrix).getByRole('checkbox', { name: 'Lessen beheren op Vitaal Amersfoort' }),
    ).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
  });

  it('saves gym and location rights together with a toast', async () => {
    const requests = fakeAppApi(gymManager(), {
      [`GET ${url}`]: () => ({ data: piet }),
      [`PUT ${url}`]: (request) => {
        const body = request.body as {
          gymRights: string[];
          locationRights: { locationId: number; rights: string[] }[];
        };
        return {
          data: {
            ...piet,
            gymRights: body.gymRights,
            locations: piet.locations.map((location) => ({
              ...location,
              rights:
                body.locationRights.find((entry) => entry.locationId === location.locationId)?.rights ?? [],
            })),
          },
        };
      },
    });
    await startApp('/employees/7/rights');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Abonnementen beheren' }));
    await user.click(screen.getByRole('checkbox', { name: 'Binnenkomst beheren op Vitaal Amersfoort' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('De rechten van Piet de Boer zijn opgeslagen.')).toBeInTheDocument();
    const [put] = requestsTo(requests, 'PUT', url);
    expect(put?.body).toEqual({
      gymRights: ['ManageMembers', 'ManageSubscriptions'],
      locationRights: [
        { locationId: 5, rights: ['ManageMembershipEntries'] },
        { locationId: 6, rights: ['ManageLessons'] },
      ],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Opslaan' })).toBeDisabled());
  });

  it('lets who only manages location rights change only those', async () => {
    const requests = fakeAppApi(gymManager(['ManageLocationRights']), {
      [`GET ${url}`]: () => ({ data: piet }),
      [`PUT ${url}`]: () => ({ data: piet }),
    });
    await startApp('/employees/7/rights');
    const user = userEvent.setup();
    expect(
      await screen.findByText('Je mag de rechten in de sportschool alleen bekijken.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Abonnementen beheren' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Lessen beheren op Vitaal Amersfoort' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(requestsTo(requests, 'PUT', url)).toHaveLength(1));
    expect(requestsTo(requests, 'PUT', url)[0]?.body).not.toHaveProperty('gymRights');
  });

  it("explains a refusal, such as taking away one's own right to manage rights", async () => {
    fakeAppApi(gymManager(), {
      [`GET ${url}`]: () => ({ data: { ...piet, gymRights: ['ManageGymRights'] } }),
      [`PUT ${url}`]: () => failure(400, 'rights.errors.ownManageGymRights', 'gymRights'),
    });
    await startApp('/employees/7/rights');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Rechten beheren' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Rechten kunnen niet worden opgeslagen');
    expect(toast).toHaveTextContent(
      "Je kunt je eigen recht 'Rechten beheren' niet intrekken; vraag een collega",
    );
  });

  it('says when the employee is not found', async () => {
    fakeAppApi(gymManager(), { [`GET ${url}`]: () => failure(404, 'rights.errors.employeeNotFound') });
    await startApp('/employees/7/rights');
    expect(
      await screen.findByText('Deze medewerker bestaat niet (meer) of werkt hier niet'),
    ).toBeInTheDocument();
  });

  it('sends who lacks both rights to their home path', async () => {
    fakeAppApi(gymManager(['ManageMembers']), {});
    const { router } = await startApp('/employees/7/rights');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('is in English too', async () => {
    fakeAppApi({ ...gymManager(), language: 'en' }, { [`GET ${url}`]: () => ({ data: piet }) });
    await setLanguage('en');
    await startApp('/employees/7/rights');
    expect(await screen.findByRole('heading', { name: 'Rights of Piet de Boer' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Manage subscriptions' })).toBeInTheDocument();
  });
});
