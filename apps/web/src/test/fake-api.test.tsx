import { accountCalls, employerEmployeeCalls } from '@xp/contracts/calls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError, call } from '@/app/api-client';
import { fakeApi, forgetAnsweredEndpoints } from './fake-api';

afterEach(() => {
  forgetAnsweredEndpoints();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const drifted = { claims: { userId: 'not a number' } };

describe('the fake API', () => {
  it('checks its answer to a schema-free call against the contract of the endpoint it answers', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'POST /api/account/restore': () => ({ data: drifted }) });
    await expect(call(accountCalls.restoreSession)).rejects.toBeInstanceOf(ApiCallError);
    expect(error).toHaveBeenCalled();
  });

  it('finds the endpoint of a path with parameters', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /api/EmployerEmployee/7': () => ({ data: { id: 'seven' } }) });
    await expect(call(employerEmployeeCalls.get, { params: { id: 7 } })).rejects.toBeInstanceOf(ApiCallError);
    expect(error).toHaveBeenCalled();
  });

  it('forgets the schemas it registered: afterwards an answer is taken as sent, as in production', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'POST /api/account/restore': () => ({ data: drifted }) });
    await expect(call(accountCalls.restoreSession)).rejects.toBeInstanceOf(ApiCallError);
    forgetAnsweredEndpoints();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ ok: true, data: drifted, errors: [] }), { status: 200 }),
      ),
    );
    await expect(call(accountCalls.restoreSession)).resolves.toEqual(drifted);
  });
});
