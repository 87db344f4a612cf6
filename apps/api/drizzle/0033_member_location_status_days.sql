CREATE TABLE "member_location_status_days" (
	"location_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_location_status_days_location_id_kind_day_shard_pk" PRIMARY KEY("location_id","kind","day","shard")
);
--> statement-breakpoint
ALTER TABLE "member_location_status_days" ADD CONSTRAINT "member_location_status_days_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A location's tab counts without reading its members (decision 014): `member_status_days` per location. A
-- member counts at their main location and at each location they hold a membership at (the members a
-- location's list shows), by the same keys. At the benchmark's location of 20,000 members in a gym of
-- 200,000, one pass over the location's members by the primary key (265 ms) becomes a sum over its days and
-- a short walk of today's instants.
-- The locations of a member: the main one and those of their memberships.
CREATE FUNCTION "member_location_set"("member_id" integer, "home_location_id" integer)
  RETURNS TABLE ("location_id" integer) LANGUAGE sql STABLE AS $$
  SELECT $2 WHERE $2 IS NOT NULL
  UNION
  SELECT ms."location_id" FROM "memberships" ms WHERE ms."member_id" = $1
$$;--> statement-breakpoint
INSERT INTO "member_location_status_days" ("location_id", "kind", "day", "shard", "members")
SELECT l."location_id", k."kind", k."day", (m."id" % 8)::smallint, count(*)::int
FROM "members" m
CROSS JOIN LATERAL "member_location_set"(m."id", m."home_location_id") l
CROSS JOIN LATERAL "member_status_keys"(m."non_active_from", m."sleeping_from") k
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- Kept like `member_status_days` (sums applied in key order, eight shards), with every member's locations:
-- the statement's members before and after (their memberships as they are now: a write of members does not
-- change them). A member deleted takes the locations of their memberships off in a row trigger before the
-- delete (the memberships go by the cascade before this statement trigger runs) and their main location
-- here. Rows of a location deleted in the same statement are not written (the main location is set null
-- when its location goes).
CREATE FUNCTION "members_location_status_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "member_location_status_days" AS c ("location_id", "kind", "day", "shard", "members")
    SELECT l."location_id", k."kind", k."day", (r."id" % 8)::smallint, count(*)::int
    FROM "new_rows" r
    CROSS JOIN LATERAL "member_location_set"(r."id", r."home_location_id") l
    CROSS JOIN LATERAL "member_status_keys"(r."non_active_from", r."sleeping_from") k
    WHERE EXISTS (SELECT 1 FROM "locations" WHERE "id" = l."location_id")
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("location_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "member_location_status_days" AS c ("location_id", "kind", "day", "shard", "members")
    SELECT r."home_location_id", k."kind", k."day", (r."id" % 8)::smallint, -count(*)::int
    FROM "old_rows" r
    CROSS JOIN LATERAL "member_status_keys"(r."non_active_from", r."sleeping_from") k
    WHERE EXISTS (SELECT 1 FROM "locations" WHERE "id" = r."home_location_id")
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("location_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  ELSE
    INSERT INTO "member_location_status_days" AS c ("location_id", "kind", "day", "shard", "members")
    SELECT l."location_id", k."kind", k."day", (r."id" % 8)::smallint, sum(r."n")::int
    FROM (
      SELECT n."id", n."home_location_id", n."non_active_from", n."sleeping_from", 1 AS "n"
      FROM "new_rows" n JOIN "old_rows" o USING ("id")
      WHERE (n."home_location_id", n."non_active_from", n."sleeping_from")
        IS DISTINCT FROM (o."home_location_id", o."non_active_from", o."sleeping_from")
      UNION ALL
      SELECT o."id", o."home_location_id", o."non_active_from", o."sleeping_from", -1
      FROM "old_rows" o JOIN "new_rows" n USING ("id")
      WHERE (n."home_location_id", n."non_active_from", n."sleeping_from")
        IS DISTINCT FROM (o."home_location_id", o."non_active_from", o."sleeping_from")
    ) r
    CROSS JOIN LATERAL "member_location_set"(r."id", r."home_location_id") l
    CROSS JOIN LATERAL "member_status_keys"(r."non_active_from", r."sleeping_from") k
    WHERE EXISTS (SELECT 1 FROM "locations" WHERE "id" = l."location_id")
    GROUP BY 1, 2, 3, 4 HAVING sum(r."n") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("location_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "members_location_status_days_before_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_location_status_days" AS c ("location_id", "kind", "day", "shard", "members")
  SELECT l."location_id", k."kind", k."day", (OLD."id" % 8)::smallint, -1
  FROM (SELECT DISTINCT ms."location_id" FROM "memberships" ms
        WHERE ms."member_id" = OLD."id" AND ms."location_id" IS DISTINCT FROM OLD."home_location_id") l
  CROSS JOIN LATERAL "member_status_keys"(OLD."non_active_from", OLD."sleeping_from") k
  WHERE EXISTS (SELECT 1 FROM "locations" WHERE "id" = l."location_id")
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("location_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  RETURN OLD;
END $$;--> statement-breakpoint
-- A statement on memberships adds a member to a location when their first membership there comes (and it
-- is not their main location), and takes them off when their last one there goes. The members are locked
-- (FOR SHARE) first: a concurrent write of their instants waits, or is waited for and then read.
CREATE FUNCTION "memberships_location_status_days"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  PERFORM 1 FROM "members" WHERE "id" = ANY (member_ids) ORDER BY "id" FOR SHARE;
  INSERT INTO "member_location_status_days" AS c ("location_id", "kind", "day", "shard", "members")
  SELECT p."location_id", k."kind", k."day", (m."id" % 8)::smallint,
         sum(CASE WHEN a."now" > 0 THEN 1 ELSE -1 END)::int
  FROM unnest(member_ids, location_ids, nets) AS p("member_id", "location_id", "net")
  JOIN "members" m ON m."id" = p."member_id"
  CROSS JOIN LATERAL (SELECT count(*)::int AS "now" FROM "memberships" ms
                      WHERE ms."member_id" = p."member_id" AND ms."location_id" = p."location_id") a
  CROSS JOIN LATERAL "member_status_keys"(m."non_active_from", m."sleeping_from") k
  WHERE p."location_id" IS DISTINCT FROM m."home_location_id"
    AND (a."now" - p."net" = 0) <> (a."now" = 0)
    AND EXISTS (SELECT 1 FROM "locations" WHERE "id" = p."location_id")
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("location_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_location_status_days_insert" AFTER INSERT ON "members"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "members_location_status_days"();--> statement-breakpoint
CREATE TRIGGER "members_location_status_days_delete" AFTER DELETE ON "members"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "members_location_status_days"();--> statement-breakpoint
CREATE TRIGGER "members_location_status_days_update" AFTER UPDATE ON "members"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "members_location_status_days"();--> statement-breakpoint
CREATE TRIGGER "members_location_status_days_before_delete" BEFORE DELETE ON "members"
  FOR EACH ROW EXECUTE FUNCTION "members_location_status_days_before_delete"();--> statement-breakpoint
CREATE TRIGGER "memberships_location_status_days_insert" AFTER INSERT ON "memberships"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "memberships_location_status_days"();--> statement-breakpoint
CREATE TRIGGER "memberships_location_status_days_delete" AFTER DELETE ON "memberships"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "memberships_location_status_days"();--> statement-breakpoint
CREATE TRIGGER "memberships_location_status_days_update" AFTER UPDATE ON "memberships"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "memberships_location_status_days"();
