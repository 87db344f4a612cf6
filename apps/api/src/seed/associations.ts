import { eq, inArray } from 'drizzle-orm';
import { associations, locations } from '../modules/organisation/organisation.tables.ts';
import type { Database } from '../platform/db/client.ts';

/**
 * 'Sportbond Midden-Nederland' groups the Utrecht and Amersfoort locations; 'Gezond Zwolle' starts empty, so
 * the Zwolle location is there to be added from the association's detail.
 */
export async function seedAssociations(db: Database): Promise<void> {
  const [association] = await db
    .select({ id: associations.id })
    .from(associations)
    .where(eq(associations.name, 'Sportbond Midden-Nederland'));
  if (!association) return;
  await db
    .update(locations)
    .set({ associationId: association.id })
    .where(inArray(locations.slug, ['vitaal-utrecht-centrum', 'vitaal-amersfoort']));
}
