import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A person's full name in SQL: the contracts' `fullNameOf` mirrored once (first name, insertion, last name,
 * each trimmed, blank or null parts left out, one space between). `full-name.test.ts` compares the two.
 * `person` is a table with the three columns, or three expressions (a JSON document's fields).
 */
export const fullNameSql = (person: { firstName: SQLWrapper; insertion: SQLWrapper; lastName: SQLWrapper }) =>
  sql<string>`concat_ws(' ', nullif(btrim(${person.firstName}), ''), nullif(btrim(${person.insertion}), ''), nullif(btrim(${person.lastName}), ''))`;
