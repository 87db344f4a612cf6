import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A person's full name in SQL: the contracts' `fullNameOf` mirrored once, as the function `full_name`
 * (migration 0050: first name, insertion, last name, each trimmed, blank or null parts left out, one space
 * between; the billing run's SQL function calls it too). `full-name.test.ts` compares the two.
 * `person` is a table with the three columns, or three expressions (a JSON document's fields).
 */
export const fullNameSql = (person: { firstName: SQLWrapper; insertion: SQLWrapper; lastName: SQLWrapper }) =>
  sql<string>`"full_name"(${person.firstName}, ${person.insertion}, ${person.lastName})`;
