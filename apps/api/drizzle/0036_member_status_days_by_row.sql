-- A member's status days kept on update by a row trigger (decision 014), instead of the two statement
-- triggers of migrations 0032 and 0033, which ran on every update of a member with their transition tables
-- and four queries, though most updates move no status instant to another day (a rename; every check-in
-- moves `last_entry_at`, but a member's days only on their first entry of a day). The row trigger's WHEN,
-- evaluated without entering PL/pgSQL, leaves those out; when it runs, the common case (same locations, same
-- gym) moves each changed kind from its old day to its new one in a statement per table, without the
-- set-returning functions and the grouping (the DB alone, 10 parallel first check-ins of the day rolled
-- back: 2,400-2,800 a second with the statement triggers, 2,650-3,300 with this; without any day rows
-- 4,400).
-- The shard a row trigger counts in is its backend's (pid % 8), not the member's: a count is the sum of its
-- shards (a shard may go below zero), and the check-ins of one location all move their members to the same
-- day rows, so parallel check-ins collide only when their backends share a shard (first check-ins of the
-- day over HTTP at 10 connections: 961-975 a second by member id, 1,098-1,135 by backend).
-- Which updates count here: those of the member's own columns that the instants follow (the latest entry,
-- the main location, the creation) or the gym. A change of a location's requirements moves its members'
-- instants without any of those: it counts them itself, in one statement each way (below).
-- The order of the locks: the location days before the gym days (as the insert and delete statement
-- triggers fire, by name), each table's rows in key order.
DROP TRIGGER "members_status_days_update" ON "members";--> statement-breakpoint
DROP TRIGGER "members_location_status_days_update" ON "members";--> statement-breakpoint
CREATE FUNCTION "members_status_days_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      FROM "member_location_set"(NEW."id", NEW."home_location_id") l
      CROSS JOIN "member_status_keys"(NEW."non_active_from", NEW."sleeping_from") k
      UNION ALL
      SELECT l."location_id", k."kind", k."day", -1
      FROM "member_location_set"(OLD."id", OLD."home_location_id") l
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
        UNION SELECT ms."location_id" FROM "memberships" ms WHERE ms."member_id" = NEW."id") l
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
CREATE TRIGGER "members_status_days_change" AFTER UPDATE ON "members" FOR EACH ROW
  WHEN ((OLD."last_entry_at" IS DISTINCT FROM NEW."last_entry_at"
         OR OLD."home_location_id" IS DISTINCT FROM NEW."home_location_id"
         OR OLD."created_at" <> NEW."created_at" OR OLD."gym_id" <> NEW."gym_id")
    AND (OLD."home_location_id" IS DISTINCT FROM NEW."home_location_id" OR OLD."gym_id" <> NEW."gym_id"
         OR (least(OLD."non_active_from", OLD."sleeping_from") AT TIME ZONE 'UTC')::date
            IS DISTINCT FROM (least(NEW."non_active_from", NEW."sleeping_from") AT TIME ZONE 'UTC')::date
         OR (OLD."sleeping_from" AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW."sleeping_from" AT TIME ZONE 'UTC')::date))
  EXECUTE FUNCTION "members_status_days_change"();--> statement-breakpoint
-- The members' keys counted (`sign` 1) or taken off (-1) as they are now, at their locations and gym: a
-- requirements change takes its members' keys off, updates them, and counts them again.
CREATE FUNCTION "member_status_days_count"("member_ids" integer[], "sign" integer) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO "member_location_status_days" AS c ("location_id", "kind", "day", "shard", "members")
  SELECT l."location_id", k."kind", k."day", (m."id" % 8)::smallint, ($2 * count(*))::int
  FROM "members" m
  CROSS JOIN LATERAL "member_location_set"(m."id", m."home_location_id") l
  CROSS JOIN LATERAL "member_status_keys"(m."non_active_from", m."sleeping_from") k
  WHERE m."id" = ANY ($1) AND EXISTS (SELECT 1 FROM "locations" WHERE "id" = l."location_id")
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("location_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  INSERT INTO "member_status_days" AS c ("gym_id", "kind", "day", "shard", "members")
  SELECT m."gym_id", k."kind", k."day", (m."id" % 8)::smallint, ($2 * count(*))::int
  FROM "members" m
  CROSS JOIN LATERAL "member_status_keys"(m."non_active_from", m."sleeping_from") k
  WHERE m."id" = ANY ($1)
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("gym_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
$$;--> statement-breakpoint
-- A location's changed requirements recompute its members' instants (one pass per statement: the save
-- deletes and inserts the location's rows), their days taken off before and counted after; the members
-- locked first, in id order.
CREATE FUNCTION "location_status_requirements_recount"("location_ids" integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  member_ids integer[];
BEGIN
  SELECT array_agg(m."id" ORDER BY m."id") INTO member_ids
  FROM (SELECT "id" FROM "members" WHERE "home_location_id" = ANY (location_ids) ORDER BY "id" FOR NO KEY UPDATE) m;
  IF member_ids IS NULL THEN
    RETURN;
  END IF;
  PERFORM "member_status_days_count"(member_ids, -1);
  UPDATE "members" SET "home_location_id" = "home_location_id" WHERE "id" = ANY (member_ids);
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
END $$;
