import { describe, expect, it } from 'vitest';
import { expectFailure, expectForbidden, expectSignInRequired } from '../../test/expect.ts';
import { auditRows, brug, call, gym, ids, plain, useMemberDesk } from '../member/test-support.ts';
import { ok } from '../rights/test-support.ts';

/* The KvK and VAT numbers a gym's invoices show (decision 016): AlterGymInformation of the active gym. */

useMemberDesk('factuurgegevens.test', '10.67', ['AlterGymInformation']);

describe("a gym's invoice details", () => {
  it('are empty at first, set and cleared, normalised, audited', async () => {
    const url = `/Gym/${ids.vitaal}/InvoiceDetails`;
    expect(ok(await call('GET', url, gym))).toEqual({
      id: ids.vitaal,
      kvkNumber: null,
      vatNumber: null,
      sepaCreditorId: null,
    });
    const saved = ok(
      await call('PUT', '/Gym/InvoiceDetails', gym, {
        id: ids.vitaal,
        kvkNumber: ' 1234 5678 ',
        vatNumber: 'nl123456789b01',
        sepaCreditorId: 'nl98 zzz 999999999999',
      }),
    );
    expect(saved).toEqual({
      id: ids.vitaal,
      kvkNumber: '12345678',
      vatNumber: 'NL123456789B01',
      sepaCreditorId: 'NL98ZZZ999999999999',
    });
    expect(ok(await call('GET', url, gym))).toEqual(saved);
    const cleared = ok(
      await call('PUT', '/Gym/InvoiceDetails', gym, { id: ids.vitaal, kvkNumber: '', vatNumber: null }),
    );
    // The creditor id left out stays as it was; given empty, it is cleared.
    expect(cleared).toEqual({
      id: ids.vitaal,
      kvkNumber: null,
      vatNumber: null,
      sepaCreditorId: 'NL98ZZZ999999999999',
    });
    expect(
      ok(
        await call('PUT', '/Gym/InvoiceDetails', gym, {
          id: ids.vitaal,
          kvkNumber: null,
          vatNumber: null,
          sepaCreditorId: '',
        }),
      ),
    ).toMatchObject({ sepaCreditorId: null });
    const audited = await auditRows('Gym', ids.vitaal);
    expect(audited.at(-2)).toMatchObject({ changes: { kvkNumber: { old: '12345678', new: null } } });
    expect(audited.at(-1)).toMatchObject({
      changes: { sepaCreditorId: { old: 'NL98ZZZ999999999999', new: null } },
    });
  });

  it('refuses numbers of the wrong form, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kvkNumber: '1234567', vatNumber: null }, 'kvkNumber', 'gym.errors.kvkFormat'],
      [{ kvkNumber: '12345678a', vatNumber: null }, 'kvkNumber', 'gym.errors.kvkFormat'],
      [{ kvkNumber: null, vatNumber: 'NL12345678B01' }, 'vatNumber', 'gym.errors.vatFormat'],
      [{ kvkNumber: null, vatNumber: 'BE0123456789' }, 'vatNumber', 'gym.errors.vatFormat'],
      [
        { kvkNumber: null, vatNumber: null, sepaCreditorId: 'NL98' },
        'sepaCreditorId',
        'gym.errors.creditorIdFormat',
      ],
      [
        { kvkNumber: null, vatNumber: null, sepaCreditorId: 'DE98ZZZ09999999999' },
        'sepaCreditorId',
        'gym.errors.creditorIdFormat',
      ],
    ];
    for (const [body, key, message] of cases)
      expectFailure(
        await call('PUT', '/Gym/InvoiceDetails', gym, { id: ids.vitaal, ...body }),
        400,
        key,
        message,
      );
    expect(ok(await call('GET', `/Gym/${ids.vitaal}/InvoiceDetails`, gym))).toMatchObject({
      kvkNumber: null,
    });
  });

  it('are for who may alter the active gym only', async () => {
    const body = { id: ids.vitaal, kvkNumber: '12345678', vatNumber: null };
    // Another gym's employee: not theirs, so not found (decision 022).
    expectFailure(
      await call('PUT', '/Gym/InvoiceDetails', brug, body),
      404,
      'general',
      'gym.errors.notFound',
    );
    expectFailure(
      await call('GET', `/Gym/${ids.vitaal}/InvoiceDetails`, brug),
      404,
      'general',
      'gym.errors.notFound',
    );
    expectForbidden(await call('PUT', '/Gym/InvoiceDetails', plain, body));
    expectSignInRequired(await call('PUT', '/Gym/InvoiceDetails', '', body));
    expect(ok(await call('GET', `/Gym/${ids.vitaal}/InvoiceDetails`, gym))).toMatchObject({
      kvkNumber: null,
    });
  });
});
