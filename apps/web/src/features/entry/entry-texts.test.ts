import { existsSync } from 'node:fs';
import { refusalReasons } from '@xp/contracts';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/entry.en.json';
import nl from '@/i18n/entry.nl.json';
import { errorKeysIn, expectSameKeysNoneEmpty, expectTranslated } from '@/test/texts';

/** The error keys the server answers for entries, check-ins and refused check-ins (and the contract's rule). */
const serverKeys = [
  'exitBeforeEntry',
  'notFound',
  'memberNotFound',
  'noMembership',
  'inFuture',
  'unknownQrCode',
  'notAMember',
  'attemptNotFound',
  'alreadyApproved',
  'locationNotFound',
  'exitAlreadyRecorded',
].map((key) => `entry.errors.${key}`);

describe('the texts of the entries', () => {
  it('have the same keys in Dutch and English, none empty', () => expectSameKeysNoneEmpty(nl, en));

  it('translate every refusal reason of the contract', () => {
    // A new reason of the contract makes this fail until its texts are added below and in both files.
    expect(refusalReasons).toEqual([
      'noMembership',
      'paused',
      'notInTimeSlot',
      'limitReached',
      'registrationOpen',
      'openPayment',
    ]);
    expectTranslated(
      nl,
      en,
      refusalReasons.map((reason) => `entry.refused.${reason}`),
    );
    // A member in debt let in (decision 017) reads as such in the refused list.
    expectTranslated(nl, en, ['entry.refused.openPaymentAdmitted']);
    expect(nl.entry.refused.openPayment).toBe('Openstaande betaling');
    expect(en.entry.refused.openPayment).toBe('Open payment');
  });

  it("translate every error key of the server's entry module and of the contract", () => {
    const sources = [
      '../../../../api/src/modules/entry/entry.service.ts',
      '../../../../api/src/modules/entry/entry.errors.ts',
      '../../../../../packages/contracts/src/entry.ts',
    ]
      .map((path) => new URL(path, import.meta.url))
      // The server's files are read once they are there.
      .filter((url) => existsSync(url));
    const used = errorKeysIn('entry', sources);
    expect(used.size).toBeGreaterThan(0);
    expectTranslated(nl, en, [...serverKeys, ...used]);
  });
});
