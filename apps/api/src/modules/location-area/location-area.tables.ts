import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { locations } from '../organisation/organisation.tables.ts';

/** A room or outdoor location of a location. */
export const locationAreas = pgTable(
  'location_areas',
  {
    id: id(),
    locationId: integer()
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sameAddressAsLocation: boolean().notNull().default(true),
    street: text(),
    houseNumber: text(),
    postalCode: text(),
    city: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('location_areas_location_name_unique').on(table.locationId, sql`lower(${table.name})`),
    index('location_areas_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);
