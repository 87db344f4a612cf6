CREATE TABLE "invoice_collections" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"round" smallint NOT NULL,
	"payment_attempt" smallint,
	"collect_on" date NOT NULL,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_notices" (
	"invoice_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"attempt" smallint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_notices_invoice_id_kind_attempt_pk" PRIMARY KEY("invoice_id","kind","attempt")
);
--> statement-breakpoint
CREATE TABLE "member_mandates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_mandates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"mandate_id" text,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_billing" (
	"membership_id" integer PRIMARY KEY NOT NULL,
	"gym_id" integer NOT NULL,
	"next_period" integer DEFAULT 0 NOT NULL,
	"next_period_start" date
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "sepa_creditor_id" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "debt_policy" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "payment_retry_days" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "payment_grace_days" smallint DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_collections" ADD CONSTRAINT "invoice_collections_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_notices" ADD CONSTRAINT "invoice_notices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_mandates" ADD CONSTRAINT "member_mandates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_mandates" ADD CONSTRAINT "member_mandates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_billing" ADD CONSTRAINT "membership_billing_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_collections_due_idx" ON "invoice_collections" USING btree ("collect_on","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_mandates_member_location_unique" ON "member_mandates" USING btree ("member_id","location_id");--> statement-breakpoint
CREATE INDEX "membership_billing_gym_due_idx" ON "membership_billing" USING btree ("gym_id","next_period_start","membership_id") WHERE "membership_billing"."next_period_start" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_membership_period_unique" ON "invoices" USING btree ("membership_id","period_start") WHERE "invoices"."period_start" is not null;--> statement-breakpoint
CREATE INDEX "invoices_member_due_idx" ON "invoices" USING btree ("member_id","due_date") WHERE "invoices"."status" in (1, 3, 5, 7) and "invoices"."credited_invoice_id" is null;--> statement-breakpoint
CREATE INDEX "invoices_gym_due_idx" ON "invoices" USING btree ("gym_id","due_date","member_id") WHERE "invoices"."status" in (1, 3, 5, 7) and "invoices"."credited_invoice_id" is null;--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date","id") WHERE "invoices"."status" in (1, 3, 5, 7) and "invoices"."credited_invoice_id" is null;--> statement-breakpoint
-- Billing (decision 017). The first day of a membership's period n (0: the first) by its variant's payment
-- period: weeks as days, months and years by PostgreSQL's calendar arithmetic from the start each time (the
-- 31st of January + 1 month is the 28th or 29th of February, + 2 months the 31st of March).
CREATE FUNCTION "billing_period_start"("start" date, "n" integer, "amount" integer, "period_type" smallint)
  RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT ("start" + CASE "period_type"
    WHEN 0 THEN make_interval(days => 7 * greatest("amount", 1) * "n")
    WHEN 1 THEN make_interval(months => greatest("amount", 1) * "n")
    ELSE make_interval(years => greatest("amount", 1) * "n") END)::date
$$;--> statement-breakpoint
-- A new membership is invoiced from its first period on.
CREATE FUNCTION "memberships_billing_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "membership_billing" ("membership_id", "gym_id", "next_period", "next_period_start")
  SELECT "id", "gym_id", 0, "start_date" FROM new_rows;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "memberships_billing_insert" AFTER INSERT ON "memberships"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "memberships_billing_new"();--> statement-breakpoint
-- A recurring membership whose end moved (ended, a pause, an end taken back): its next period is invoiced
-- again when it starts before the new end; the billing run leaves out a period that starts after it.
CREATE FUNCTION "memberships_billing_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "membership_billing" b
  SET "next_period_start" = "billing_period_start"(NEW."start_date", b."next_period", v."payment_per_period_amount",
                                                    v."payment_per_period_type")
  FROM "subscription_variants" v, "subscriptions" s
  WHERE b."membership_id" = NEW."id" AND b."next_period_start" IS NULL AND v."id" = NEW."variant_id"
    AND s."id" = NEW."subscription_id" AND s."type" = 0
    AND (NEW."end_date" IS NULL OR "billing_period_start"(NEW."start_date", b."next_period",
         v."payment_per_period_amount", v."payment_per_period_type") <= NEW."end_date");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "memberships_billing_end" AFTER UPDATE OF "end_date" ON "memberships"
  FOR EACH ROW WHEN (OLD."end_date" IS DISTINCT FROM NEW."end_date") EXECUTE FUNCTION "memberships_billing_end"();--> statement-breakpoint
-- Moves every membership's next period to its first period that starts on `from_day` or later (what ran
-- before is not invoiced after the fact); a prepaid one that started before, or one that ended, to none. Used
-- once here, for the memberships there are, and by the demo data and the benchmark for theirs.
CREATE FUNCTION "billing_restart_from"("from_day" date) RETURNS integer LANGUAGE sql AS $$
  WITH "moved" AS (
    UPDATE "membership_billing" b
    SET "next_period" = p."n",
        "next_period_start" = CASE
          WHEN (s."type" = 0 OR p."n" = 0)
            AND (ms."end_date" IS NULL OR "billing_period_start"(ms."start_date", p."n", v."payment_per_period_amount",
                 v."payment_per_period_type") <= ms."end_date")
          THEN "billing_period_start"(ms."start_date", p."n", v."payment_per_period_amount", v."payment_per_period_type")
        END
    FROM "memberships" ms
    JOIN "subscription_variants" v ON v."id" = ms."variant_id"
    JOIN "subscriptions" s ON s."id" = ms."subscription_id"
    -- The periods before `from_day`, counted down to a whole period (weeks by days, months and years by
    -- calendar months): the first period on or after it is that one or one of the next two.
    CROSS JOIN LATERAL (
      SELECT greatest(0, floor(CASE v."payment_per_period_type"
        WHEN 0 THEN ("from_day" - ms."start_date")::numeric / (7 * greatest(v."payment_per_period_amount", 1))
        ELSE ((extract(year FROM "from_day") - extract(year FROM ms."start_date")) * 12
              + extract(month FROM "from_day") - extract(month FROM ms."start_date"))
             / (greatest(v."payment_per_period_amount", 1) * CASE v."payment_per_period_type" WHEN 1 THEN 1 ELSE 12 END)
        END))::integer AS "n0"
    ) e
    CROSS JOIN LATERAL (
      SELECT coalesce(min(g."n"), e."n0") AS "n" FROM generate_series(e."n0", e."n0" + 2) g("n")
      WHERE "billing_period_start"(ms."start_date", g."n", v."payment_per_period_amount", v."payment_per_period_type")
            >= "from_day"
    ) p
    WHERE ms."id" = b."membership_id" AND b."next_period_start" < "from_day"
    RETURNING 1
  )
  SELECT count(*)::integer FROM "moved"
$$;--> statement-breakpoint
INSERT INTO "membership_billing" ("membership_id", "gym_id", "next_period", "next_period_start")
SELECT "id", "gym_id", 0, "start_date" FROM "memberships";--> statement-breakpoint
SELECT "billing_restart_from"(current_date);--> statement-breakpoint
-- A gym's memberships whose next period starts by `horizon`, their billing rows locked (others skipped), with
-- what their invoices need: the billing run's claim (decision 017). In PL/pgSQL its plan is made once per
-- connection; as a statement from the API, planning its eight joins cost more than running it.
CREATE FUNCTION "billing_due_periods"("p_gym" integer, "p_horizon" date, "p_limit" integer)
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
    concat_ws(' ', m."first_name", m."insertion", m."last_name"),
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
--> statement-breakpoint
-- The check-in (migrations 0035, 0036) refuses a member in debt with 'openPayment' where the location blocks
-- them, and lets them in with a warning (an attempt marked let in) where it only warns.
CREATE OR REPLACE FUNCTION "check_in"("qr_code" text, "account_id" integer)
  RETURNS TABLE ("status" text, "location_name" text, "entry_id" bigint, "reason" text)
  LANGUAGE plpgsql AS $$
DECLARE
  here record;
  person_id integer;
  person record;
  held record;
  local_now timestamp := now() AT TIME ZONE 'Europe/Amsterdam';
  local_day date := (now() AT TIME ZONE 'Europe/Amsterdam')::date;
  local_dow integer := extract(dow FROM now() AT TIME ZONE 'Europe/Amsterdam')::integer;
  local_time text := to_char(now() AT TIME ZONE 'Europe/Amsterdam', 'HH24:MI');
  refusal text := 'noMembership';
  refusal_membership integer;
  why text;
  counted integer;
  admitted bigint;
BEGIN
  SELECT l."id", l."gym_id", l."name", l."debt_policy", l."payment_grace_days" INTO here FROM "locations" l WHERE l."qr_code" = check_in."qr_code";
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unknownQrCode'::text, NULL::text, NULL::bigint, NULL::text;
    RETURN;
  END IF;
  -- The member held FOR KEY SHARE (as the entry's foreign key will; a delete waits), then their status row,
  -- which the entry's trigger updates anyway: parallel check-ins of the member take turns, and a rename
  -- waits for it. The name is read after that lock, by a statement of its own: a rename that went first is
  -- seen, and the name copied onto the entry stays right.
  SELECT m."id" INTO person_id FROM "members" m
  WHERE m."gym_id" = here."gym_id" AND m."user_id" = check_in."account_id" AND m."anonymised_at" IS NULL
  LIMIT 1 FOR KEY SHARE;
  IF FOUND THEN
    PERFORM 1 FROM "member_statuses" s WHERE s."member_id" = person_id FOR NO KEY UPDATE;
    SELECT m."id", m."registration_completed", m."sort_name",
           -- In debt (decision 017): an invoice still due this location's grace days after its due date.
           EXISTS (SELECT 1 FROM "invoices" i WHERE i."member_id" = m."id" AND i."status" IN (1, 3, 5, 7)
                   AND i."credited_invoice_id" IS NULL AND i."total_cents" > 0
                   AND i."due_date" < local_day - here."payment_grace_days") AS "in_debt"
    INTO person FROM "members" m
    WHERE m."id" = person_id AND m."anonymised_at" IS NULL;
  END IF;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'notAMember'::text, here."name", NULL::bigint, NULL::text;
    RETURN;
  END IF;
  IF NOT person."registration_completed" THEN
    refusal := 'registrationOpen';
  ELSIF person."in_debt" AND here."debt_policy" = 0 THEN
    refusal := 'openPayment';
  ELSE
    FOR held IN
      SELECT ms."id", ms."subscription_id", v."access_type", v."access_per_period_amount",
             v."access_per_period_type",
             EXISTS (SELECT 1 FROM "membership_pauses" p WHERE p."membership_id" = ms."id"
                     AND p."from_date" <= local_day AND p."to_date" >= local_day) AS "paused"
      FROM "memberships" ms JOIN "subscription_variants" v ON v."id" = ms."variant_id"
      WHERE ms."member_id" = person."id" AND ms."start_date" <= local_day
        AND (ms."end_date" IS NULL OR ms."end_date" >= local_day)
        AND (ms."location_id" = here."id" OR EXISTS (SELECT 1 FROM "subscription_locations" sl
             WHERE sl."subscription_id" = ms."subscription_id" AND sl."location_id" = here."id"))
      ORDER BY ms."start_date", ms."id"
      FOR UPDATE OF ms
    LOOP
      why := NULL;
      IF held."paused" THEN
        why := 'paused';
      -- No time slot groups: any time; else one of them this weekday, its end not included.
      ELSIF EXISTS (SELECT 1 FROM "subscription_time_slot_groups" st WHERE st."subscription_id" = held."subscription_id")
        AND NOT EXISTS (SELECT 1 FROM "subscription_time_slot_groups" st
                        JOIN "time_slot_groups" g ON g."id" = st."time_slot_group_id"
                        WHERE st."subscription_id" = held."subscription_id" AND local_dow = ANY (g."days")
                          AND local_time >= to_char(g."begin_time", 'HH24:MI')
                          AND local_time < to_char(g."end_time", 'HH24:MI')) THEN
        why := 'notInTimeSlot';
      -- Access type 0 unlimited; 1 per period (week, month, year from the local start of it); 2 in all.
      ELSIF held."access_type" <> 0 AND held."access_per_period_amount" IS NOT NULL THEN
        IF held."access_type" = 1 AND held."access_per_period_type" IS NOT NULL THEN
          SELECT count(*)::integer INTO counted FROM "entries" e
          WHERE e."membership_id" = held."id"
            AND e."entry_at" >= (date_trunc(coalesce((ARRAY['week', 'month', 'year'])[held."access_per_period_type" + 1], 'year'),
                                            local_now) AT TIME ZONE 'Europe/Amsterdam');
        ELSE
          SELECT count(*)::integer INTO counted FROM "entries" e WHERE e."membership_id" = held."id";
        END IF;
        IF counted >= held."access_per_period_amount" THEN
          why := 'limitReached';
        END IF;
      END IF;
      IF why IS NULL THEN
        INSERT INTO "entries" ("gym_id", "location_id", "member_id", "membership_id", "entry_at", "source",
                               "member_sort_name")
        VALUES (here."gym_id", here."id", person."id", held."id", now(), 0, person."sort_name")
        RETURNING "id" INTO admitted;
        IF person."in_debt" THEN
          -- Let in with a warning: the desk sees it among the refusals, as let in.
          INSERT INTO "entry_attempts" ("gym_id", "location_id", "member_id", "membership_id", "reason",
                                        "approved_entry_id")
          VALUES (here."gym_id", here."id", person."id", held."id", 'openPayment', admitted);
          RETURN QUERY SELECT 'admitted'::text, here."name", admitted, 'openPayment'::text;
          RETURN;
        END IF;
        RETURN QUERY SELECT 'admitted'::text, here."name", admitted, NULL::text;
        RETURN;
      END IF;
      IF refusal = 'noMembership' THEN
        refusal := why;
        refusal_membership := held."id";
      END IF;
    END LOOP;
  END IF;
  INSERT INTO "entry_attempts" ("gym_id", "location_id", "member_id", "membership_id", "reason")
  VALUES (here."gym_id", here."id", person."id", refusal_membership, refusal);
  RETURN QUERY SELECT 'refused'::text, here."name", NULL::bigint, refusal;
END $$;
