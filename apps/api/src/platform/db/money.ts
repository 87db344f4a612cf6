import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * "Including VAT, rounded" in SQL: the contracts' `inclVatCents` mirrored once (`money.test.ts` compares
 * the two). Exact numeric arithmetic, rounded to the cent; PostgreSQL rounds a half away from zero and
 * JavaScript up, which agree on the amounts money takes (never negative).
 */
export const inclVatCentsSql = (exclVatCents: SQLWrapper, vatPercentage: SQLWrapper) =>
  sql<number>`round(${exclVatCents}::numeric * (100 + ${vatPercentage}) / 100)::int`;
