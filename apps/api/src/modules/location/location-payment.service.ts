import {
  type Claims,
  canSetPaymentKey,
  type PaymentProvider,
  type PaymentProviderInput,
} from '@xp/contracts';
import { type Actor, audit } from '../../platform/audit/audit.ts';
import { isMollieTestKey } from '../../platform/config.ts';
import type { SecretBox } from '../../platform/crypto/secrets.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction, isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError, errors } from '../../platform/http/errors.ts';
import { enqueueMails } from '../../platform/mail/outbox.ts';
import * as repository from './location.repository.ts';
import { findAlterable } from './location-access.ts';

/** What setting a key needs beside its location: whether test keys are refused (production). */
export interface PaymentKeyDeps {
  db: Database;
  box: SecretBox;
  isProduction: boolean;
}

const ENTITY = 'LocationPaymentProvider';
const MASK = '••••••••';

/** The key is bound to its location: a value copied to another row does not decrypt. */
const keyContext = (locationId: number) => `location-payment-provider:${locationId}`;

/** Only the prefix (`test_` / `live_`) and the last four characters stay readable. */
const visibleParts = (apiKey: string) => `${apiKey.slice(0, 5)}${apiKey.slice(-4)}`;

const masked = (row: { id: number; kind: number; apiKeyLastChars: string }): PaymentProvider => ({
  id: row.id,
  kind: row.kind,
  apiKeyMasked: `${row.apiKeyLastChars.slice(0, 5)}${MASK}${row.apiKeyLastChars.slice(5)}`,
});

const stored = (box: SecretBox, locationId: number, input: PaymentProviderInput) => ({
  kind: input.kind,
  apiKeyEncrypted: box.encrypt(input.apiKey, keyContext(locationId)),
  apiKeyLastChars: visibleParts(input.apiKey),
});

/** What the audit log gets: never the key, only that it was set. */
const auditView = (row: { locationId: number; kind: number }) => ({
  locationId: row.locationId,
  kind: row.kind,
  apiKeyChanged: true,
});

/**
 * The Mollie API key a location collects with, decrypted (never logged, never answered); none: undefined. In
 * production a test key (stored before, or while the server ran as development) collects nothing: it counts
 * as none, so the location's payments are refused (`payment.errors.noProvider`) until a live key is set.
 */
export async function apiKeyOfLocation(
  db: Database,
  box: SecretBox,
  locationId: number,
  isProduction: boolean,
) {
  const row = await repository.encryptedKeyOfLocation(db, locationId);
  const key = row ? box.decrypt(row.apiKeyEncrypted, keyContext(locationId)) : undefined;
  return isProduction && isMollieTestKey(key) ? undefined : key;
}

/**
 * A location whose key the session may set: one it may change (404 when it may not see it, 403 when it may
 * only see it), and the gym right AlterGymInformation there (or admin): the key decides where the members'
 * payments go, so AlterLocationInformation alone is not enough (403).
 */
async function findKeySettable(db: Database, session: Claims, locationId: number) {
  const location = await findAlterable(db, session, locationId);
  if (!canSetPaymentKey(session, location)) throw errors.forbidden();
  return location;
}

/** On Mollie's test page the payer picks "paid": a test key never collects in production (400). */
function refuseTestKeyInProduction(isProduction: boolean, input: PaymentProviderInput) {
  if (isProduction && isMollieTestKey(input.apiKey.trim()))
    throw errors.field('apiKey', 'location.errors.testKeyInProduction');
}

/** Every change of a key is mailed to the gym's owners (in their language), in the change's transaction. */
async function mailOwners(
  db: Database,
  session: Claims,
  location: { gymId: number; name: string },
  change: 'added' | 'replaced',
  apiKey: string,
) {
  const [owners, gymName] = await Promise.all([
    repository.gymOwners(db, location.gymId),
    repository.gymName(db, location.gymId),
  ]);
  const changedAt = new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date())
    .replace(' ', '');
  await enqueueMails(
    db,
    owners.map((owner) => ({
      to: owner.email,
      language: owner.language,
      template: 'paymentKeyChanged' as const,
      data: {
        gymName,
        locationName: location.name,
        changedBy: session.name,
        changedAt,
        change,
        mode: isMollieTestKey(apiKey) ? ('test' as const) : ('live' as const),
        keyEnding: apiKey.slice(-4),
      },
    })),
  );
}

export async function getPaymentProvider(db: Database, session: Claims, locationId: number) {
  await findAlterable(db, session, locationId);
  const row = await repository.providerOfLocation(db, locationId);
  return row ? masked(row) : null;
}

export async function addPaymentProvider(
  { db, box, isProduction }: PaymentKeyDeps,
  session: Claims,
  locationId: number,
  input: PaymentProviderInput,
  actor: Actor,
) {
  try {
    return await inTransaction(db, async (tx) => {
      const location = await findKeySettable(tx, session, locationId);
      refuseTestKeyInProduction(isProduction, input);
      if (await repository.providerOfLocation(tx, locationId)) throw providerExists();
      const created = await repository.insertProvider(tx, locationId, stored(box, locationId, input));
      await audit.write(tx, actor, ENTITY, created.id, null, auditView(created));
      await mailOwners(tx, session, location, 'added', input.apiKey);
      return masked(created);
    });
  } catch (error) {
    // Two adds at once: the unique index on the location decides.
    if (isUniqueViolation(error, 'location_payment_providers_location_unique')) throw providerExists();
    throw error;
  }
}

const providerExists = () => errors.conflict('general', 'location.errors.paymentProviderExists');

export function updatePaymentProvider(
  { db, box, isProduction }: PaymentKeyDeps,
  session: Claims,
  id: number,
  input: PaymentProviderInput,
  actor: Actor,
) {
  return inTransaction(db, async (tx) => {
    const before = await repository.findProvider(tx, id);
    if (!before) throw errors.notFound('location.errors.paymentProviderNotFound');
    let location: Awaited<ReturnType<typeof findKeySettable>>;
    try {
      location = await findKeySettable(tx, session, before.locationId);
    } catch (error) {
      // A provider of a location one may not see does not exist for them either.
      if (error instanceof AppError && error.status === 404) {
        throw errors.notFound('location.errors.paymentProviderNotFound');
      }
      throw error;
    }
    refuseTestKeyInProduction(isProduction, input);
    const after = await repository.updateProvider(tx, id, stored(box, before.locationId, input));
    await audit.write(
      tx,
      actor,
      ENTITY,
      id,
      { locationId: before.locationId, kind: before.kind, apiKeyChanged: false },
      auditView(after),
    );
    await mailOwners(tx, session, location, 'replaced', input.apiKey);
    return masked(after);
  });
}
