-- The member list's tab counts without a nightly job and without reading the members (decision 014): the
-- members of a gym by the day from which they are not active and sleeping, kept by statement triggers
-- below. A count at a moment is the members of the days before today plus those of today whose instant
-- has passed (read from members_gym_inactive_idx and members_gym_sleeping_idx): at the benchmark's gym of
-- 200,000 members, four capped counts of up to 10,001 rows each (40 ms for 'active', 154 ms for
-- 'non-active') become a sum over the gym's days and two short index walks. The non-active index becomes
-- one on the earlier of the two instants, which the statuses' conditions use.
CREATE TABLE "member_status_days" (
	"gym_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_status_days_gym_id_kind_day_shard_pk" PRIMARY KEY("gym_id","kind","day","shard")
);
--> statement-breakpoint
DROP INDEX "members_gym_non_active_idx";--> statement-breakpoint
CREATE INDEX "members_gym_inactive_idx" ON "members" USING btree ("gym_id",least("non_active_from", "sleeping_from"));
--> statement-breakpoint
-- The day (UTC) of a status instant, 'infinity' for never; the two rows of a member in
-- "member_status_days": kind 1, the day from which it is not active (the earlier instant: `least` skips a
-- null), kind 2, the day from which it is sleeping.
CREATE FUNCTION "member_status_keys"(non_active_from timestamptz, sleeping_from timestamptz)
  RETURNS TABLE ("kind" smallint, "day" date) LANGUAGE sql IMMUTABLE AS $$
  VALUES (1::smallint, coalesce((least(non_active_from, sleeping_from) AT TIME ZONE 'UTC')::date, 'infinity'::date)),
         (2::smallint, coalesce((sleeping_from AT TIME ZONE 'UTC')::date, 'infinity'::date))
$$;--> statement-breakpoint
INSERT INTO "member_status_days" ("gym_id", "kind", "day", "shard", "members")
SELECT m."gym_id", k."kind", k."day", (m."id" % 8)::smallint, count(*)::int
FROM "members" m CROSS JOIN LATERAL "member_status_keys"(m."non_active_from", m."sleeping_from") k
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- Kept in the transaction of every write of "members" (decision 014): a statement adds up its rows' keys
-- (+1 for a new row, -1 for an old one; an update that moves no instant to another day changes nothing) and
-- applies them in key order (gym, kind, day, shard), so two statements cannot deadlock; a counted row stays
-- locked to the end of the transaction. Eight shards by member id: the day's check-ins all move their
-- members to the same day, and one row would queue them.
CREATE FUNCTION "members_status_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "member_status_days" AS c ("gym_id", "kind", "day", "shard", "members")
    SELECT r."gym_id", k."kind", k."day", (r."id" % 8)::smallint, count(*)::int
    FROM "new_rows" r CROSS JOIN LATERAL "member_status_keys"(r."non_active_from", r."sleeping_from") k
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("gym_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "member_status_days" AS c ("gym_id", "kind", "day", "shard", "members")
    SELECT r."gym_id", k."kind", k."day", (r."id" % 8)::smallint, -count(*)::int
    FROM "old_rows" r CROSS JOIN LATERAL "member_status_keys"(r."non_active_from", r."sleeping_from") k
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("gym_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  ELSE
    INSERT INTO "member_status_days" AS c ("gym_id", "kind", "day", "shard", "members")
    SELECT d."gym_id", d."kind", d."day", d."shard", sum(d."n")::int
    FROM (
      SELECT r."gym_id", k."kind", k."day", (r."id" % 8)::smallint AS "shard", 1 AS "n"
      FROM "new_rows" r CROSS JOIN LATERAL "member_status_keys"(r."non_active_from", r."sleeping_from") k
      UNION ALL
      SELECT r."gym_id", k."kind", k."day", (r."id" % 8)::smallint, -1
      FROM "old_rows" r CROSS JOIN LATERAL "member_status_keys"(r."non_active_from", r."sleeping_from") k
    ) d
    GROUP BY 1, 2, 3, 4 HAVING sum(d."n") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("gym_id", "kind", "day", "shard") DO UPDATE SET "members" = c."members" + excluded."members";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_status_days_insert" AFTER INSERT ON "members"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "members_status_days"();--> statement-breakpoint
CREATE TRIGGER "members_status_days_delete" AFTER DELETE ON "members"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "members_status_days"();--> statement-breakpoint
CREATE TRIGGER "members_status_days_update" AFTER UPDATE ON "members"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "members_status_days"();
