import { SupplierStatus } from '@xp/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { errors } from '../../platform/http/errors.ts';
import { suppliers } from '../organisation/organisation.tables.ts';

/**
 * Only an Active supplier adds or changes products (decision 020): a Pending one waits for the platform,
 * a Disabled one (an admin may still act for it) is out of the catalogue. 409 `supplier.errors.notActive`.
 */
export async function requireActiveSupplier(db: Database, supplierId: number, lock = false): Promise<void> {
  const query = db.select({ status: suppliers.status }).from(suppliers).where(eq(suppliers.id, supplierId));
  const [row] = lock ? await query.for('share') : await query;
  if (!row) throw errors.notFound('supplier.errors.notFound');
  if (row.status !== SupplierStatus.Active) throw errors.conflict('general', 'supplier.errors.notActive');
}
