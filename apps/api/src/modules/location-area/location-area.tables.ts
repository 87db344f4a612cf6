import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../platform/db/columns.ts';
import { locations } from '../organisation/organisation.tables.ts';

type AddressColumns = {
  sameAddressAsLocation: AnyPgColumn;
  street: AnyPgColumn;
  houseNumber: AnyPgColumn;
  city: AnyPgColumn;
};

/**
 * The address as one sortable text (street, house number and city, each present part after a space, as
 * `concat_ws(' ', ...)` gives it); rooms at the location's own address sort first. Written with `||` and
 * `coalesce` (immutable; `concat_ws` is not), so an index holds it.
 */
export const locationAreaAddressSort = (t: AddressColumns) =>
  sql<string>`(CASE WHEN ${t.sameAddressAsLocation} THEN '' ELSE substr(coalesce(' ' || ${t.street}, '') || coalesce(' ' || ${t.houseNumber}, '') || coalesce(' ' || ${t.city}, ''), 2) END)`;

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
    // The list's two sorts after the location, the id breaking ties, then the columns its filter reads (the
    // search's name, street and city): a deep page and the search's count read the index alone (0025).
    index('location_areas_list_name_idx').on(
      table.locationId,
      sql`lower(${table.name})`,
      table.id,
      table.name,
      table.street,
      table.city,
    ),
    index('location_areas_list_address_idx').on(
      table.locationId,
      locationAreaAddressSort(table),
      table.id,
      table.sameAddressAsLocation,
      table.street,
      table.houseNumber,
      table.city,
      table.name,
    ),
  ],
);
