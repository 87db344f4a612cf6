import { QueryClient } from '@tanstack/react-query';
import {
  accountEndpoints,
  type EndpointDefinition,
  endpointGroups,
  locationAreaEndpoints,
} from '@xp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiQueryKey, apiQueryOptions } from './api-hooks';

afterEach(() => vi.unstubAllGlobals());

describe('apiQueryKey', () => {
  it('differs for every endpoint of the contracts', () => {
    const all = Object.values(endpointGroups).flatMap(
      (group) => Object.values(group) as EndpointDefinition[],
    );
    const keys = all.map((endpoint) => JSON.stringify(apiQueryKey(endpoint)));
    expect(new Set(keys).size).toBe(all.length);
  });

  it('tells inputs apart and starts with the prefix of its endpoint', () => {
    const one = apiQueryKey(locationAreaEndpoints.get, { params: { id: 1 } });
    const two = apiQueryKey(locationAreaEndpoints.get, { params: { id: 2 } });
    expect(one).not.toEqual(two);
    expect(one.slice(0, 3)).toEqual(apiQueryKey(locationAreaEndpoints.get));
    expect(apiQueryKey(locationAreaEndpoints.list)).not.toEqual(apiQueryKey(locationAreaEndpoints.get));
  });
});

describe('apiQueryOptions', () => {
  it('fetches through the client and caches under the key', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            ok: true,
            data: {
              gyms: [],
              locations: [],
              employers: [],
              associations: [],
              contentEnvironments: [],
              suppliers: [],
            },
            errors: [],
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    const options = apiQueryOptions(accountEndpoints.switchOptions);
    const data = await client.fetchQuery(options);
    expect(data.gyms).toEqual([]);
    expect(client.getQueryData(apiQueryKey(accountEndpoints.switchOptions, {}))).toEqual(data);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/Account/SwitchOptions',
      expect.objectContaining({ method: 'GET' }),
    );
  });
});
