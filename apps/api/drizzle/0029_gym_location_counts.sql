-- The gym employees by location count (decision 009, "People lists"): at how many of the gym's locations
-- the employee works (linked in `location_employees` or holding a right in `location_right_grants` there;
-- a location counts once) is kept on the gym's link, `gym_employees.location_count`, so the sort walks an
-- index of the gym's live links (25 entries for a page) instead of grouping the links of all the gym's
-- locations on every request (4,000 rows for a gym of 2,000 employees at the benchmark's scale), and the
-- page's rows read the count instead of counting each. Kept by the triggers below in the same transaction
-- as every write: a row trigger on the link recounts it (on insert, and on an update of its keys or of the
-- count itself, which is overruled as the sort keys are), and statement triggers on the location links and
-- rights make it recount the (gym, user) pairs they touch.
ALTER TABLE "gym_employees" ADD COLUMN "location_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A rewrite of a link that moves it to no other gym or user (its sort keys and search text, migrations
-- 0024 and 0026; its location count, here) leaves every gym's count as it is: the count trigger of 0022
-- now returns at once then, and no longer locks the gym's row (so the recounts below, at every change of
-- a location's staff, do not queue on it), nor counts a link whose user is gone in the same statement (a
-- user's deletion cascading to its location links before its gym links) as leaving.
CREATE OR REPLACE FUNCTION "gym_employees_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: the transition tables of the other operations do not exist, and an expression is planned whole.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM "new_rows" AS n WHERE NOT EXISTS (
        SELECT 1 FROM "old_rows" AS o WHERE o."gym_id" = n."gym_id" AND o."user_id" = n."user_id")) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM 1 FROM "gyms" WHERE "id" IN (SELECT "gym_id" FROM "new_rows") ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "gyms" AS g SET "employee_count" = g."employee_count" + d."n"
    FROM (SELECT r."gym_id", count(*)::int AS "n" FROM "new_rows" AS r
          JOIN "users" AS u ON u."id" = r."user_id" AND u."deleted_at" IS NULL GROUP BY r."gym_id") AS d
    WHERE g."id" = d."gym_id";
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM 1 FROM "gyms" WHERE "id" IN (SELECT "gym_id" FROM "old_rows") ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "gyms" AS g SET "employee_count" = g."employee_count" - d."n"
    FROM (SELECT r."gym_id", count(*)::int AS "n" FROM "old_rows" AS r
          WHERE NOT EXISTS (SELECT 1 FROM "users" AS u WHERE u."id" = r."user_id" AND u."deleted_at" IS NOT NULL)
          GROUP BY r."gym_id") AS d
    WHERE g."id" = d."gym_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The (gym, user) pairs whose count may have changed, recounted by the row trigger on the link (created
-- after the backfill): those of the changed (location, user) pairs, the location's gym, or every gym of the
-- user when the location is gone (a location deleted cascades to its links: its gym can no longer be read).
-- The links are locked in key order first, so two statements cannot deadlock.
CREATE FUNCTION "gym_employees_recount"("location_ids" int[], "user_ids" int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "gym_employees" WHERE ("gym_id", "user_id") IN (
      SELECT ge."gym_id", ge."user_id" FROM unnest("location_ids", "user_ids") AS c ("location_id", "user_id")
      JOIN "gym_employees" AS ge ON ge."user_id" = c."user_id"
      LEFT JOIN "locations" AS l ON l."id" = c."location_id"
      WHERE ge."gym_id" = coalesce(l."gym_id", ge."gym_id"))
    ORDER BY "gym_id", "user_id" FOR NO KEY UPDATE;
  -- The value written is overruled by the row trigger's recount.
  UPDATE "gym_employees" SET "location_count" = 0 WHERE ("gym_id", "user_id") IN (
      SELECT ge."gym_id", ge."user_id" FROM unnest("location_ids", "user_ids") AS c ("location_id", "user_id")
      JOIN "gym_employees" AS ge ON ge."user_id" = c."user_id"
      LEFT JOIN "locations" AS l ON l."id" = c."location_id"
      WHERE ge."gym_id" = coalesce(l."gym_id", ge."gym_id"));
END $$;--> statement-breakpoint
-- A statement's changed (location, user) pairs, each once (a bulk link or a location's deletion recounts
-- each pair once, not per row).
CREATE FUNCTION "location_links_gym_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  location_ids int[];
  user_ids int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(c."location_id"), array_agg(c."user_id") INTO location_ids, user_ids
    FROM (SELECT DISTINCT "location_id", "user_id" FROM "new_rows") AS c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(c."location_id"), array_agg(c."user_id") INTO location_ids, user_ids
    FROM (SELECT DISTINCT "location_id", "user_id" FROM "old_rows") AS c;
  ELSE
    SELECT array_agg(c."location_id"), array_agg(c."user_id") INTO location_ids, user_ids
    FROM (SELECT "location_id", "user_id" FROM "new_rows" UNION SELECT "location_id", "user_id" FROM "old_rows") AS c;
  END IF;
  IF location_ids IS NOT NULL THEN
    PERFORM "gym_employees_recount"(location_ids, user_ids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "location_employees_gym_counts_insert" AFTER INSERT ON "location_employees"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "location_links_gym_counts"();--> statement-breakpoint
CREATE TRIGGER "location_employees_gym_counts_delete" AFTER DELETE ON "location_employees"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "location_links_gym_counts"();--> statement-breakpoint
CREATE TRIGGER "location_employees_gym_counts_update" AFTER UPDATE ON "location_employees"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "location_links_gym_counts"();--> statement-breakpoint
CREATE TRIGGER "location_right_grants_gym_counts_insert" AFTER INSERT ON "location_right_grants"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "location_links_gym_counts"();--> statement-breakpoint
CREATE TRIGGER "location_right_grants_gym_counts_delete" AFTER DELETE ON "location_right_grants"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "location_links_gym_counts"();--> statement-breakpoint
CREATE TRIGGER "location_right_grants_gym_counts_update" AFTER UPDATE ON "location_right_grants"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "location_links_gym_counts"();--> statement-breakpoint
-- A location moved to another gym (no screen does this): its staff's counts in both gyms.
CREATE FUNCTION "locations_gym_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  user_ids int[];
BEGIN
  SELECT array_agg(s."user_id") INTO user_ids FROM (
    SELECT "user_id" FROM "location_employees" WHERE "location_id" = NEW."id"
    UNION SELECT "user_id" FROM "location_right_grants" WHERE "location_id" = NEW."id") AS s;
  PERFORM 1 FROM "gym_employees" WHERE "gym_id" IN (OLD."gym_id", NEW."gym_id") AND "user_id" = ANY (user_ids)
    ORDER BY "gym_id", "user_id" FOR NO KEY UPDATE;
  UPDATE "gym_employees" SET "location_count" = 0
  WHERE "gym_id" IN (OLD."gym_id", NEW."gym_id") AND "user_id" = ANY (user_ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "locations_gym_counts" AFTER UPDATE OF "gym_id" ON "locations" FOR EACH ROW
  WHEN (OLD."gym_id" IS DISTINCT FROM NEW."gym_id") EXECUTE FUNCTION "locations_gym_counts"();--> statement-breakpoint
-- The backfill: one grouped count of all the links, with the gyms' count trigger off meanwhile (as in 0024).
ALTER TABLE "gym_employees" DISABLE TRIGGER "gym_employees_count_update";--> statement-breakpoint
UPDATE "gym_employees" AS ge SET "location_count" = d."n"
FROM (SELECT l."gym_id", s."user_id", count(*)::int AS "n"
      FROM (SELECT "location_id", "user_id" FROM "location_employees"
            UNION SELECT "location_id", "user_id" FROM "location_right_grants") AS s
      JOIN "locations" AS l ON l."id" = s."location_id"
      GROUP BY l."gym_id", s."user_id") AS d
WHERE ge."gym_id" = d."gym_id" AND ge."user_id" = d."user_id";--> statement-breakpoint
ALTER TABLE "gym_employees" ENABLE TRIGGER "gym_employees_count_update";--> statement-breakpoint
-- The link's count from its user's location links and rights (a handful, by the user's indexes) at the
-- gym's locations. An update that changes nothing then (a recount that finds the same count, say a right
-- granted where the employee is linked already) writes no new row version.
CREATE FUNCTION "gym_employees_location_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT count(*)::int INTO NEW."location_count" FROM "locations" AS l
  WHERE l."gym_id" = NEW."gym_id" AND l."id" IN (
    SELECT le."location_id" FROM "location_employees" AS le WHERE le."user_id" = NEW."user_id"
    UNION ALL SELECT g."location_id" FROM "location_right_grants" AS g WHERE g."user_id" = NEW."user_id");
  IF TG_OP = 'UPDATE' AND NEW IS NOT DISTINCT FROM OLD THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "gym_employees_location_count" BEFORE INSERT OR UPDATE OF "gym_id", "user_id", "location_count" ON "gym_employees"
  FOR EACH ROW EXECUTE FUNCTION "gym_employees_location_count"();--> statement-breakpoint
CREATE INDEX "gym_employees_location_count_idx" ON "gym_employees" USING btree ("gym_id","location_count","user_id") WHERE "gym_employees"."sort_name" is not null;
