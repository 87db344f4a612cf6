-- A person's full name in SQL, once: first name, insertion and last name, each trimmed, blank or null parts left
-- out, one space between (the contracts' `fullNameOf`; `platform/db/full-name.ts` calls this function and
-- `full-name.test.ts` compares the two). STABLE like `concat_ws`, so the planner inlines it.
CREATE FUNCTION "full_name"("first_name" text, "insertion" text, "last_name" text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', nullif(btrim("first_name"), ''), nullif(btrim("insertion"), ''), nullif(btrim("last_name"), ''))
$$;--> statement-breakpoint
-- The billing run's claim (migration 0040) with the member's name from "full_name" (it joined the raw parts, so
-- a blank insertion gave two spaces).
CREATE OR REPLACE FUNCTION "billing_due_periods"("p_gym" integer, "p_horizon" date, "p_limit" integer)
  RETURNS TABLE ("membershipId" integer, "period" integer, "periodStart" text, "nextStart" text, "gymId" integer,
    "locationId" integer, "memberId" integer, "endDate" text, "subscriptionType" integer, "subscriptionName" text,
    "vatRate" integer, "variantName" text, "oneOffCosts" integer, "oneOffIncludesVat" boolean, "price" integer,
    "priceIncludesVat" boolean, "periods" integer, "paused" boolean, "invoiced" boolean, "anonymised" boolean,
    "email" text, "iban" text, "mandateReference" text, "memberName" text, "locationName" text, "gymName" text,
    "creditorId" text, "mandateStatus" text, "mandateRef" text)
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT b."membership_id", b."next_period", b."next_period_start"::text,
    "billing_period_start"(ms."start_date", b."next_period" + 1, v."payment_per_period_amount",
                           v."payment_per_period_type")::text,
    ms."gym_id", ms."location_id", ms."member_id", ms."end_date"::text,
    s."type"::integer, s."name", s."vat_rate"::integer,
    v."name", v."one_off_costs", v."one_off_costs_includes_vat", v."price_per_period", v."price_per_period_includes_vat",
    CASE WHEN s."type" = 1 THEN (SELECT count(*)::integer FROM generate_series(0, 1000) g("n")
      WHERE "billing_period_start"(ms."start_date", g."n", v."payment_per_period_amount",
                                   v."payment_per_period_type") <= coalesce(ms."end_date", ms."start_date"))
    ELSE 1 END,
    EXISTS (SELECT 1 FROM "membership_pauses" p WHERE p."membership_id" = ms."id"
            AND b."next_period_start" BETWEEN p."from_date" AND p."to_date"),
    inv."invoiced" IS NOT NULL,
    m."anonymised_at" IS NOT NULL, m."email", m."iban", m."mandate_reference",
    "full_name"(m."first_name", m."insertion", m."last_name"),
    l."name", gy."name", gy."sepa_creditor_id", mm."status", mm."reference"
  FROM "membership_billing" b
  JOIN "memberships" ms ON ms."id" = b."membership_id"
  JOIN "subscriptions" s ON s."id" = ms."subscription_id"
  JOIN "subscription_variants" v ON v."id" = ms."variant_id"
  JOIN "members" m ON m."id" = ms."member_id"
  JOIN "locations" l ON l."id" = ms."location_id"
  JOIN "gyms" gy ON gy."id" = ms."gym_id"
  LEFT JOIN "member_mandates" mm ON mm."member_id" = ms."member_id" AND mm."location_id" = ms."location_id"
  -- By the unique index, one probe a membership (as an EXISTS the planner may hash every invoice).
  LEFT JOIN LATERAL (SELECT true AS "invoiced" FROM "invoices" i WHERE i."membership_id" = b."membership_id"
                     AND i."period_start" = b."next_period_start" LIMIT 1) inv ON true
  WHERE b."gym_id" = "p_gym" AND b."next_period_start" <= "p_horizon"
  ORDER BY b."next_period_start", b."membership_id"
  LIMIT "p_limit"
  FOR UPDATE OF b SKIP LOCKED;
END $$;
