import type { Claims, PaymentProvider, PaymentProviderInput } from '@xp/contracts';
import { audit } from '../../platform/audit/audit.ts';
import type { SecretBox } from '../../platform/crypto/secrets.ts';
import type { Database } from '../../platform/db/client.ts';
import { inTransaction, isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError, errors } from '../../platform/http/errors.ts';
import * as repository from './location.repository.ts';
import { findAlterable } from './location-access.ts';

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

/** The Mollie API key a location collects with, decrypted (never logged, never answered); none: undefined. */
export async function apiKeyOfLocation(db: Database, box: SecretBox, locationId: number) {
  const row = await repository.encryptedKeyOfLocation(db, locationId);
  return row ? box.decrypt(row.apiKeyEncrypted, keyContext(locationId)) : undefined;
}

export async function getPaymentProvider(db: Database, session: Claims, locationId: number) {
  await findAlterable(db, session, locationId);
  const row = await repository.providerOfLocation(db, locationId);
  return row ? masked(row) : null;
}

export async function addPaymentProvider(
  db: Database,
  box: SecretBox,
  session: Claims,
  locationId: number,
  input: PaymentProviderInput,
  requestId: string,
) {
  try {
    return await inTransaction(db, async (tx) => {
      await findAlterable(tx, session, locationId);
      if (await repository.providerOfLocation(tx, locationId)) throw providerExists();
      const created = await repository.insertProvider(tx, locationId, stored(box, locationId, input));
      await audit(tx, {
        userId: session.userId,
        entity: ENTITY,
        entityId: created.id,
        before: null,
        after: auditView(created),
        requestId,
      });
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
  db: Database,
  box: SecretBox,
  session: Claims,
  id: number,
  input: PaymentProviderInput,
  requestId: string,
) {
  return inTransaction(db, async (tx) => {
    const before = await repository.findProvider(tx, id);
    if (!before) throw errors.notFound('location.errors.paymentProviderNotFound');
    try {
      await findAlterable(tx, session, before.locationId);
    } catch (error) {
      // A provider of a location one may not see does not exist for them either.
      if (error instanceof AppError && error.status === 404) {
        throw errors.notFound('location.errors.paymentProviderNotFound');
      }
      throw error;
    }
    const after = await repository.updateProvider(tx, id, stored(box, before.locationId, input));
    await audit(tx, {
      userId: session.userId,
      entity: ENTITY,
      entityId: id,
      before: { locationId: before.locationId, kind: before.kind, apiKeyChanged: false },
      after: auditView(after),
      requestId,
    });
    return masked(after);
  });
}
