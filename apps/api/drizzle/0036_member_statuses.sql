-- A member's latest entry and status instants in a narrow row of its own, `member_statuses`, and its status
-- days kept on update by a row trigger (decision 014).
-- The row: a check-in moved `last_entry_at` and the instants on the member's wide row, and as they are
-- indexed, every check-in wrote a new version of that row with an entry in each of its twelve indexes (the
-- trigram index's forty or so among them): 0.3 ms of the database's CPU and 2.5 KB of WAL a check-in,
-- against 0.1 ms and 0.8 KB for the narrow row with its three indexes. The member's row keeps what people
-- change; the status row what the door changes. Its gym, main location and creation are copies of the
-- member's (the instants follow the main location's requirements), kept by the member's triggers.
-- The days: the statement triggers of migrations 0032 and 0033 ran on every update of a member with their
-- transition tables and four queries, though most updates move no instant to another day (a member's second
-- entry of a day). A row trigger's WHEN, evaluated without entering PL/pgSQL, leaves those out; when it
-- runs, one statement a table moves the changed kinds from the old day to the new, in its backend's shard
-- (pg_backend_pid() % 8: all check-ins of a day move their members to the same day rows, and parallel ones
-- collide only when their backends share a shard; a count is the sum of its shards, a shard may go below
-- zero). A location's changed requirements move its members' instants without any column of theirs: the
-- row trigger leaves those out and the requirements' trigger counts them itself, off and on again.
-- Figures: docs/performance.md, issue 12, session 12.
--
-- Who locks what: a check-in holds the member FOR KEY SHARE, locks the status row (FOR NO KEY UPDATE) and
-- then reads the member's name; a rename locks the status row before it renames the entries; the desk locks
-- the member and then, through the entry's trigger, the status row; memberships' triggers lock the status
-- rows FOR SHARE. Day counts are written location days first, gym days after, each in key order.
CREATE TABLE "member_statuses" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"gym_id" integer NOT NULL,
	"home_location_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"last_entry_at" timestamp with time zone,
	"non_active_from" timestamp with time zone,
	"sleeping_from" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "member_statuses" ("member_id", "gym_id", "home_location_id", "created_at", "last_entry_at",
                               "non_active_from", "sleeping_from")
SELECT "id", "gym_id", "home_location_id", "created_at", "last_entry_at", "non_active_from", "sleeping_from"
FROM "members";--> statement-breakpoint
ALTER TABLE "member_statuses" ADD CONSTRAINT "member_statuses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_statuses_gym_last_entry_idx" ON "member_statuses" USING btree ("gym_id","last_entry_at","member_id");--> statement-breakpoint
CREATE INDEX "member_statuses_gym_inactive_idx" ON "member_statuses" USING btree ("gym_id",least("non_active_from", "sleeping_from"));--> statement-breakpoint
CREATE INDEX "member_statuses_gym_sleeping_idx" ON "member_statuses" USING btree ("gym_id","sleeping_from");--> statement-breakpoint
-- The members' triggers on the columns that move.
DROP TRIGGER "members_status_instants" ON "members";--> statement-breakpoint
DROP TRIGGER "members_status_days_insert" ON "members";--> statement-breakpoint
DROP TRIGGER "members_status_days_delete" ON "members";--> statement-breakpoint
DROP TRIGGER "members_location_status_days_insert" ON "members";--> statement-breakpoint
DROP TRIGGER "members_location_status_days_delete" ON "members";--> statement-breakpoint
DROP TRIGGER "members_location_status_days_before_delete" ON "members";--> statement-breakpoint
DROP TRIGGER "members_status_days_update" ON "members";--> statement-breakpoint
DROP TRIGGER "members_location_status_days_update" ON "members";--> statement-breakpoint
DROP FUNCTION "members_status_instants"();--> statement-breakpoint
DROP FUNCTION "members_status_days"();--> statement-breakpoint
DROP FUNCTION "members_location_status_days"();--> statement-breakpoint
DROP FUNCTION "members_location_status_days_before_delete"();--> statement-breakpoint
DROP INDEX "members_gym_last_entry_idx";--> statement-breakpoint
DROP INDEX "members_gym_inactive_idx";--> statement-breakpoint
DROP INDEX "members_gym_sleeping_idx";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "last_entry_at";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "non_active_from";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "sleeping_from";--> statement-breakpoint
-- The instants: from the latest entry (or, without one, when it became a member) plus the days of absence
-- its main location requires (null: never). Before the row is written.
CREATE FUNCTION "member_statuses_instants"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  non_active_days integer;
  sleeping_days integer;
  since timestamptz := coalesce(NEW."last_entry_at", NEW."created_at");
BEGIN
  SELECT max("required_days_of_absence") FILTER (WHERE "member_status" = 1),
         max("required_days_of_absence") FILTER (WHERE "member_status" = 2)
    INTO non_active_days, sleeping_days
    FROM "location_status_requirements" WHERE "location_id" = NEW."home_location_id";
  NEW."non_active_from" := since + make_interval(days => non_active_days);
  NEW."sleeping_from" := since + make_interval(days => sleeping_days);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_statuses_instants" BEFORE INSERT OR UPDATE OF "last_entry_at", "home_location_id", "created_at"
  ON "member_statuses" FOR EACH ROW EXECUTE FUNCTION "member_statuses_instants"();--> statement-breakpoint
-- The members' keys counted (`sign` 1) or taken off (-1) as their status rows are now, at their locations
-- (main location and memberships') and gym, in key order: new status rows, a member deleted, a location's
-- changed requirements.
CREATE FUNCTION "member_status_days_count"("member_ids" integer[], "sign" integer) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO "member_location_status_days" AS c ("location_id", "kind", "day", "shard", "members")
  SELECT l."location_id", k."kind", k."day", (s."member_id" % 8)::smallint, ($2 * count(*))::int
  FROM "member_statuses" s
  CROSS JOIN LATERAL "member_location_set"(s."member_id", s."home_location_id") l
  CROSS JOIN LATERAL "member_status_keys"(s."non_active_from", s."sleeping_from") k
  WHERE s."member_id" = ANY ($1) AND EXISTS (SELECT 1 FROM "locations" WHERE "id" = l."location_id")
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("location_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  INSERT INTO "member_status_days" AS c ("gym_id", "kind", "day", "shard", "members")
  SELECT s."gym_id", k."kind", k."day", (s."member_id" % 8)::smallint, ($2 * count(*))::int
  FROM "member_statuses" s
  CROSS JOIN LATERAL "member_status_keys"(s."non_active_from", s."sleeping_from") k
  WHERE s."member_id" = ANY ($1)
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("gym_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
$$;--> statement-breakpoint
-- New status rows counted (a statement: an import's members at once).
CREATE FUNCTION "member_statuses_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "member_status_days_count"(ARRAY(SELECT "member_id" FROM "new_rows"), 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_statuses_counted" AFTER INSERT ON "member_statuses"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "member_statuses_counted"();--> statement-breakpoint
-- A status row's days moved: only when an instant moves to another day, or the main location or gym
-- changes; not when a location's requirements move them (its recount below counts them itself). In its
-- backend's shard.
CREATE FUNCTION "member_statuses_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_inactive date := coalesce((least(OLD."non_active_from", OLD."sleeping_from") AT TIME ZONE 'UTC')::date, 'infinity');
  old_sleeping date := coalesce((OLD."sleeping_from" AT TIME ZONE 'UTC')::date, 'infinity');
  new_inactive date := coalesce((least(NEW."non_active_from", NEW."sleeping_from") AT TIME ZONE 'UTC')::date, 'infinity');
  new_sleeping date := coalesce((NEW."sleeping_from" AT TIME ZONE 'UTC')::date, 'infinity');
  member_shard smallint := (pg_backend_pid() % 8)::smallint;
BEGIN
  IF OLD."home_location_id" IS DISTINCT FROM NEW."home_location_id" OR OLD."gym_id" <> NEW."gym_id" THEN
    INSERT INTO "member_location_status_days" AS c ("location_id", "kind", "day", "shard", "members")
    SELECT d."location_id", d."kind", d."day", member_shard, sum(d."n")::int
    FROM (
      SELECT l."location_id", k."kind", k."day", 1 AS "n"
      FROM "member_location_set"(NEW."member_id", NEW."home_location_id") l
      CROSS JOIN "member_status_keys"(NEW."non_active_from", NEW."sleeping_from") k
      UNION ALL
      SELECT l."location_id", k."kind", k."day", -1
      FROM "member_location_set"(OLD."member_id", OLD."home_location_id") l
      CROSS JOIN "member_status_keys"(OLD."non_active_from", OLD."sleeping_from") k
    ) d
    WHERE EXISTS (SELECT 1 FROM "locations" WHERE "id" = d."location_id")
    GROUP BY 1, 2, 3 HAVING sum(d."n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("location_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
    INSERT INTO "member_status_days" AS c ("gym_id", "kind", "day", "shard", "members")
    SELECT d."gym_id", d."kind", d."day", member_shard, sum(d."n")::int
    FROM (
      SELECT NEW."gym_id" AS "gym_id", k."kind", k."day", 1 AS "n"
      FROM "member_status_keys"(NEW."non_active_from", NEW."sleeping_from") k
      UNION ALL
      SELECT OLD."gym_id", k."kind", k."day", -1
      FROM "member_status_keys"(OLD."non_active_from", OLD."sleeping_from") k
    ) d
    GROUP BY 1, 2, 3 HAVING sum(d."n") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("gym_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
    RETURN NULL;
  END IF;
  -- The same locations and gym: the changed kinds move from their old day to the new.
  INSERT INTO "member_location_status_days" AS c ("location_id", "kind", "day", "shard", "members")
  SELECT l."location_id", k."kind", k."day", member_shard, k."n"
  FROM (SELECT NEW."home_location_id" AS "location_id" WHERE NEW."home_location_id" IS NOT NULL
        UNION SELECT ms."location_id" FROM "memberships" ms WHERE ms."member_id" = NEW."member_id") l
  CROSS JOIN (VALUES (1::smallint, old_inactive, -1), (1::smallint, new_inactive, 1),
                     (2::smallint, old_sleeping, -1), (2::smallint, new_sleeping, 1)) k ("kind", "day", "n")
  WHERE CASE k."kind" WHEN 1 THEN old_inactive <> new_inactive ELSE old_sleeping <> new_sleeping END
  ORDER BY 1, 2, 3
  ON CONFLICT ("location_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  INSERT INTO "member_status_days" AS c ("gym_id", "kind", "day", "shard", "members")
  SELECT NEW."gym_id", k."kind", k."day", member_shard, k."n"
  FROM (VALUES (1::smallint, old_inactive, -1), (1::smallint, new_inactive, 1),
               (2::smallint, old_sleeping, -1), (2::smallint, new_sleeping, 1)) k ("kind", "day", "n")
  WHERE CASE k."kind" WHEN 1 THEN old_inactive <> new_inactive ELSE old_sleeping <> new_sleeping END
  ORDER BY 2, 3
  ON CONFLICT ("gym_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_statuses_moved" AFTER UPDATE ON "member_statuses" FOR EACH ROW
  WHEN ((OLD."last_entry_at" IS DISTINCT FROM NEW."last_entry_at"
         OR OLD."home_location_id" IS DISTINCT FROM NEW."home_location_id"
         OR OLD."created_at" <> NEW."created_at" OR OLD."gym_id" <> NEW."gym_id")
    AND (OLD."home_location_id" IS DISTINCT FROM NEW."home_location_id" OR OLD."gym_id" <> NEW."gym_id"
         OR (least(OLD."non_active_from", OLD."sleeping_from") AT TIME ZONE 'UTC')::date
            IS DISTINCT FROM (least(NEW."non_active_from", NEW."sleeping_from") AT TIME ZONE 'UTC')::date
         OR (OLD."sleeping_from" AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW."sleeping_from" AT TIME ZONE 'UTC')::date))
  EXECUTE FUNCTION "member_statuses_moved"();--> statement-breakpoint
-- The member's rows: a new member gets its status row (a statement: an import's members at once); a changed
-- main location, creation or gym is copied onto it; a member deleted takes its counts off everywhere before
-- it goes (its memberships and status row go by the cascade, and the memberships' trigger then finds no
-- member).
CREATE FUNCTION "members_statuses_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_statuses" ("member_id", "gym_id", "home_location_id", "created_at")
  SELECT r."id", r."gym_id", r."home_location_id", r."created_at" FROM "new_rows" r ORDER BY r."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_statuses_added" AFTER INSERT ON "members"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "members_statuses_added"();--> statement-breakpoint
CREATE FUNCTION "members_statuses_copied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "member_statuses"
  SET "gym_id" = NEW."gym_id", "home_location_id" = NEW."home_location_id", "created_at" = NEW."created_at"
  WHERE "member_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_statuses_copied" AFTER UPDATE OF "gym_id", "home_location_id", "created_at" ON "members"
  FOR EACH ROW
  WHEN (OLD."gym_id" <> NEW."gym_id" OR OLD."home_location_id" IS DISTINCT FROM NEW."home_location_id"
        OR OLD."created_at" <> NEW."created_at")
  EXECUTE FUNCTION "members_statuses_copied"();--> statement-breakpoint
CREATE FUNCTION "members_statuses_uncounted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "member_status_days_count"(ARRAY[OLD."id"], -1);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_statuses_uncounted" BEFORE DELETE ON "members"
  FOR EACH ROW EXECUTE FUNCTION "members_statuses_uncounted"();--> statement-breakpoint
-- The latest entry on the status row: a new entry moves it forward; a changed or deleted one recounts it
-- from the member's index.
CREATE OR REPLACE FUNCTION "entries_last_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "member_statuses" SET "last_entry_at" = NEW."entry_at"
      WHERE "member_id" = NEW."member_id" AND ("last_entry_at" IS NULL OR "last_entry_at" < NEW."entry_at");
    RETURN NULL;
  END IF;
  UPDATE "member_statuses" SET "last_entry_at" = (SELECT max("entry_at") FROM "entries" WHERE "member_id" = OLD."member_id")
    WHERE "member_id" = OLD."member_id";
  IF TG_OP = 'UPDATE' AND NEW."member_id" <> OLD."member_id" THEN
    UPDATE "member_statuses" SET "last_entry_at" = (SELECT max("entry_at") FROM "entries" WHERE "member_id" = NEW."member_id")
      WHERE "member_id" = NEW."member_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A rename waits for a check-in of the member (it holds the status row) before renaming the entries, and a
-- check-in after it reads the new name (decision 014, migration 0034).
CREATE OR REPLACE FUNCTION "members_entries_sort_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "member_statuses" WHERE "member_id" = NEW."id" FOR NO KEY UPDATE;
  UPDATE "entries" SET "member_sort_name" = NEW."sort_name" WHERE "member_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Memberships' statements (migration 0033) read the instants from the status rows, locked FOR SHARE (a
-- concurrent check-in's move waits, or is waited for and then read); a member deleted in the same statement
-- (the cascade) is no longer there and was taken off by its own trigger.
CREATE OR REPLACE FUNCTION "memberships_location_status_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member_ids integer[];
  location_ids integer[];
  nets integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(p."member_id"), array_agg(p."location_id"), array_agg(p."net")
    INTO member_ids, location_ids, nets
    FROM (SELECT "member_id", "location_id", count(*)::int AS "net" FROM "new_rows" GROUP BY 1, 2) p;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(p."member_id"), array_agg(p."location_id"), array_agg(p."net")
    INTO member_ids, location_ids, nets
    FROM (SELECT "member_id", "location_id", -count(*)::int AS "net" FROM "old_rows" GROUP BY 1, 2) p;
  ELSE
    SELECT array_agg(p."member_id"), array_agg(p."location_id"), array_agg(p."net")
    INTO member_ids, location_ids, nets
    FROM (
      SELECT "member_id", "location_id", sum("n")::int AS "net"
      FROM (SELECT "member_id", "location_id", 1 AS "n" FROM "new_rows"
            UNION ALL SELECT "member_id", "location_id", -1 FROM "old_rows") u
      GROUP BY 1, 2 HAVING sum("n") <> 0
    ) p;
  END IF;
  IF member_ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "member_statuses" WHERE "member_id" = ANY (member_ids) ORDER BY "member_id" FOR SHARE;
  INSERT INTO "member_location_status_days" AS c ("location_id", "kind", "day", "shard", "members")
  SELECT p."location_id", k."kind", k."day", (s."member_id" % 8)::smallint,
         sum(CASE WHEN a."now" > 0 THEN 1 ELSE -1 END)::int
  FROM unnest(member_ids, location_ids, nets) AS p("member_id", "location_id", "net")
  JOIN "members" m ON m."id" = p."member_id"
  JOIN "member_statuses" s ON s."member_id" = p."member_id"
  CROSS JOIN LATERAL (SELECT count(*)::int AS "now" FROM "memberships" ms
                      WHERE ms."member_id" = p."member_id" AND ms."location_id" = p."location_id") a
  CROSS JOIN LATERAL "member_status_keys"(s."non_active_from", s."sleeping_from") k
  WHERE p."location_id" IS DISTINCT FROM s."home_location_id"
    AND (a."now" - p."net" = 0) <> (a."now" = 0)
    AND EXISTS (SELECT 1 FROM "locations" WHERE "id" = p."location_id")
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("location_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A location's changed requirements recompute its members' instants (one pass per statement: the save
-- deletes and inserts the location's rows): the members' status rows locked in id order, their days taken
-- off, the instants recomputed, and counted again.
CREATE FUNCTION "location_status_requirements_recount"("location_ids" integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  member_ids integer[];
BEGIN
  SELECT array_agg(s."member_id" ORDER BY s."member_id") INTO member_ids
  FROM (SELECT "member_id" FROM "member_statuses"
        WHERE "member_id" IN (SELECT "id" FROM "members" WHERE "home_location_id" = ANY (location_ids))
        ORDER BY "member_id" FOR NO KEY UPDATE) s;
  IF member_ids IS NULL THEN
    RETURN;
  END IF;
  PERFORM "member_status_days_count"(member_ids, -1);
  UPDATE "member_statuses" SET "home_location_id" = "home_location_id" WHERE "member_id" = ANY (member_ids);
  PERFORM "member_status_days_count"(member_ids, 1);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION location_status_requirements_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "location_status_requirements_recount"(ARRAY(SELECT DISTINCT "location_id" FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION location_status_requirements_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "location_status_requirements_recount"(ARRAY(SELECT DISTINCT "location_id" FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
-- The check-in (migration 0035) locks the member's status row instead of the member's row.
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
  SELECT l."id", l."gym_id", l."name" INTO here FROM "locations" l WHERE l."qr_code" = check_in."qr_code";
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
    SELECT m."id", m."registration_completed", m."sort_name" INTO person FROM "members" m
    WHERE m."id" = person_id AND m."anonymised_at" IS NULL;
  END IF;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'notAMember'::text, here."name", NULL::bigint, NULL::text;
    RETURN;
  END IF;
  IF NOT person."registration_completed" THEN
    refusal := 'registrationOpen';
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
