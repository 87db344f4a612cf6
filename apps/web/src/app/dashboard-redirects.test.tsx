import { Environment } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import { admin } from '@/app/test-support/claims';
import { fakeAppApi, setUpAppTests, startApp } from '@/test/fake-api';
import { waitFor } from '@/test/render';

setUpAppTests();

describe('the dashboard addresses the spec names', () => {
  it.each([
    ['/dashboard', '/', Environment.Gym],
    ['/admin/dashboard', '/admin', Environment.Admin],
    ['/location/dashboard', '/location', Environment.Location],
    ['/employer/dashboard', '/employer', Environment.Employer],
    ['/association/dashboard', '/association', Environment.Association],
    ['/content/dashboard', '/content', Environment.Content],
    ['/supplier/dashboard', '/supplier', Environment.Supplier],
  ])('%s shows the dashboard at %s', async (from, to, activeEnvironment) => {
    fakeAppApi(
      admin({ activeEnvironment, activeAssociationId: 1, activeEmployerId: 1, activeSupplierId: 1 }),
      {},
    );
    const { router } = await startApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });
});
