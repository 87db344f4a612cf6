import { Environment } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { admin, testClaims } from '@/app/test-support/claims';
import { fakeAppApi, queryOf, requestsTo, setUpAppTests, startApp } from '@/test/fake-api';
import { screen, waitFor, within } from '@/test/render';
import { challenges, tabCounts } from './test-support';

setUpAppTests();

const list = () => ({ data: { items: challenges, total: challenges.length, tabCounts } });

describe('the routes of the challenges', () => {
  it('opens /location/challenges for location staff, with the tab of the URL and the menu item', async () => {
    const claims = testClaims({
      activeEnvironment: Environment.Location,
      activeLocationId: 5,
      locationRights: ['5:ManageLessons'],
    });
    const requests = fakeAppApi(claims, { 'GET /api/challenge': list });
    const { router } = await startApp('/location/challenges?tab=inactive&page=abc');
    expect(await screen.findByRole('heading', { name: 'Challenges' })).toBeInTheDocument();
    await screen.findByText('Stappen zetten');
    expect(queryOf(requestsTo(requests, 'GET', '/api/challenge')[0])).toMatchObject({
      page: '1',
      isActive: 'false',
    });
    expect(router.state.location.search).toEqual({ tab: 'inactive' });
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Challenges' })).toHaveAttribute(
      'href',
      '/location/challenges',
    );
  });

  it('opens /employer/challenges for an employer with an active employer', async () => {
    const claims = testClaims({
      role: 'Employer',
      activeEnvironment: Environment.Employer,
      activeEmployerId: 3,
    });
    fakeAppApi(claims, { 'GET /api/challenge': list });
    await startApp('/employer/challenges');
    expect(await screen.findByText(/De challenges voor je medewerkers/)).toBeInTheDocument();
  });

  it('opens /association/challenges for an admin with an active association', async () => {
    fakeAppApi(admin({ activeEnvironment: Environment.Association, activeAssociationId: 2 }), {
      'GET /api/challenge': list,
    });
    await startApp('/association/challenges');
    expect(await screen.findByText(/De challenges van deze vereniging/)).toBeInTheDocument();
  });

  it('sends away who has no challenge owner in the environment of the route', async () => {
    // An admin in the Association environment without an active association.
    fakeAppApi(admin({ activeEnvironment: Environment.Association }), {});
    const { router } = await startApp('/association/challenges');
    await waitFor(() => expect(router.state.location.pathname).toBe('/association'));
  });

  it("sends an admin in the Location environment away from the employer's challenges", async () => {
    fakeAppApi(
      admin({ activeEnvironment: Environment.Location, activeLocationId: 5, activeEmployerId: 3 }),
      {},
    );
    const { router } = await startApp('/employer/challenges');
    await waitFor(() => expect(router.state.location.pathname).toBe('/location'));
  });
});
