-- Challenges per owner and active flag (decision 009): the challenge list's total and tab counts without a
-- search, exact and O(1), instead of two capped counts of up to 10,001 index entries a request (80,000
-- challenges of the benchmark's first employer: ~10 ms on every page). One row per owner (the lists' owner
-- key, `challengeOwnerKey`: the location's id, the employer's plus 2^32, the association's plus 2^33) and
-- flag, kept by the triggers below in the same transaction as every write of `challenges`: a statement
-- trigger adds up a whole insert or delete (a bulk insert, an owner's deletion cascading to its challenges,
-- counts once per row of this table), a row trigger follows a change of owner or of `is_active`. The counted
-- rows are locked in (owner key, flag) order first, and a new one is inserted in that order, so two
-- statements cannot deadlock; the lock is held to the end of the transaction (as for `user_role_counts`,
-- migration 0024). A deleted owner's rows stay, at zero.
CREATE TABLE "challenge_counts" (
	"owner_key" bigint NOT NULL,
	"is_active" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "challenge_counts_owner_key_is_active_pk" PRIMARY KEY("owner_key","is_active")
);--> statement-breakpoint
INSERT INTO "challenge_counts" ("owner_key", "is_active", "count")
SELECT coalesce("location_id"::bigint, "employer_id"::bigint + 4294967296, "association_id"::bigint + 8589934592),
       "is_active", count(*)::int
FROM "challenges" GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "challenges_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key bigint;
  new_key bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "challenge_counts" WHERE ("owner_key", "is_active") IN (
      SELECT coalesce("location_id"::bigint, "employer_id"::bigint + 4294967296, "association_id"::bigint + 8589934592),
             "is_active" FROM "new_rows")
      ORDER BY "owner_key", "is_active" FOR NO KEY UPDATE;
    INSERT INTO "challenge_counts" AS c ("owner_key", "is_active", "count")
    SELECT coalesce("location_id"::bigint, "employer_id"::bigint + 4294967296, "association_id"::bigint + 8589934592),
           "is_active", count(*)::int
    FROM "new_rows" GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("owner_key", "is_active") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM "challenge_counts" WHERE ("owner_key", "is_active") IN (
      SELECT coalesce("location_id"::bigint, "employer_id"::bigint + 4294967296, "association_id"::bigint + 8589934592),
             "is_active" FROM "old_rows")
      ORDER BY "owner_key", "is_active" FOR NO KEY UPDATE;
    UPDATE "challenge_counts" AS c SET "count" = c."count" - d."n"
    FROM (SELECT coalesce("location_id"::bigint, "employer_id"::bigint + 4294967296, "association_id"::bigint + 8589934592)
                 AS "owner_key", "is_active", count(*)::int AS "n"
          FROM "old_rows" GROUP BY 1, 2) AS d
    WHERE c."owner_key" = d."owner_key" AND c."is_active" = d."is_active";
  ELSE
    -- One row (the row trigger below): its old owner and flag lose it, its new ones gain it.
    old_key := coalesce(OLD."location_id"::bigint, OLD."employer_id"::bigint + 4294967296, OLD."association_id"::bigint + 8589934592);
    new_key := coalesce(NEW."location_id"::bigint, NEW."employer_id"::bigint + 4294967296, NEW."association_id"::bigint + 8589934592);
    PERFORM 1 FROM "challenge_counts"
      WHERE ("owner_key", "is_active") IN ((old_key, OLD."is_active"), (new_key, NEW."is_active"))
      ORDER BY "owner_key", "is_active" FOR NO KEY UPDATE;
    UPDATE "challenge_counts" SET "count" = "count" - 1 WHERE "owner_key" = old_key AND "is_active" = OLD."is_active";
    INSERT INTO "challenge_counts" AS c ("owner_key", "is_active", "count") VALUES (new_key, NEW."is_active", 1)
    ON CONFLICT ("owner_key", "is_active") DO UPDATE SET "count" = c."count" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "challenges_count_insert" AFTER INSERT ON "challenges"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "challenges_count"();--> statement-breakpoint
CREATE TRIGGER "challenges_count_delete" AFTER DELETE ON "challenges"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "challenges_count"();--> statement-breakpoint
CREATE TRIGGER "challenges_count_update" AFTER UPDATE OF "location_id", "employer_id", "association_id", "is_active" ON "challenges"
  FOR EACH ROW WHEN (OLD."location_id" IS DISTINCT FROM NEW."location_id" OR OLD."employer_id" IS DISTINCT FROM NEW."employer_id"
    OR OLD."association_id" IS DISTINCT FROM NEW."association_id" OR OLD."is_active" <> NEW."is_active")
  EXECUTE FUNCTION "challenges_count"();
