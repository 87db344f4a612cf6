-- User counts per role (decision 009): the user list's tab counts without a search, exact and O(1), instead of
-- six capped counts of up to 10,001 index entries a request. One row per role, kept by the triggers below
-- in the same transaction as every write of `users`: a statement trigger adds up a whole insert or delete
-- (an import counts once per role), a row trigger follows a change of role or of `deleted_at` (a deletion,
-- a restore). Only live users (`deleted_at` null) count, as in the list. The counted rows are locked in
-- role order first, so two statements cannot deadlock; the lock is held to the end of the transaction: one
-- that writes users of several roles in separate statements does so in role order (as the employee
-- counters of migration 0022), or it may deadlock with another doing the reverse.
CREATE TABLE "user_role_counts" (
	"role" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "user_role_counts" ("role", "count")
SELECT r."role", (SELECT count(*)::int FROM "users" AS u WHERE u."role" = r."role" AND u."deleted_at" IS NULL)
FROM (VALUES ('Admin'), ('Employee'), ('ContentCreator'), ('Employer'), ('Supplier')) AS r ("role");--> statement-breakpoint
CREATE FUNCTION "users_role_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "user_role_counts" WHERE "role" IN (SELECT "role" FROM "new_rows" WHERE "deleted_at" IS NULL)
      ORDER BY "role" FOR NO KEY UPDATE;
    INSERT INTO "user_role_counts" AS c ("role", "count")
    SELECT "role", count(*)::int FROM "new_rows" WHERE "deleted_at" IS NULL GROUP BY "role"
    ON CONFLICT ("role") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM "user_role_counts" WHERE "role" IN (SELECT "role" FROM "old_rows" WHERE "deleted_at" IS NULL)
      ORDER BY "role" FOR NO KEY UPDATE;
    UPDATE "user_role_counts" AS c SET "count" = c."count" - d."n"
    FROM (SELECT "role", count(*)::int AS "n" FROM "old_rows" WHERE "deleted_at" IS NULL GROUP BY "role") AS d
    WHERE c."role" = d."role";
  ELSE
    -- One row (the row trigger below): its old role leaves if it was live, its new role gains if it is.
    PERFORM 1 FROM "user_role_counts" WHERE "role" IN (OLD."role", NEW."role") ORDER BY "role" FOR NO KEY UPDATE;
    IF OLD."deleted_at" IS NULL THEN
      UPDATE "user_role_counts" SET "count" = "count" - 1 WHERE "role" = OLD."role";
    END IF;
    IF NEW."deleted_at" IS NULL THEN
      INSERT INTO "user_role_counts" AS c ("role", "count") VALUES (NEW."role", 1)
      ON CONFLICT ("role") DO UPDATE SET "count" = c."count" + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_role_count_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "users_role_count"();--> statement-breakpoint
CREATE TRIGGER "users_role_count_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "users_role_count"();--> statement-breakpoint
CREATE TRIGGER "users_role_count_update" AFTER UPDATE OF "role", "deleted_at" ON "users" FOR EACH ROW
  WHEN (OLD."role" IS DISTINCT FROM NEW."role" OR (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "users_role_count"();
--> statement-breakpoint
-- The employer employees sorted by employee since: a walk of the employer's links in that order (a page is
-- 25 entries), not a sort of all of them (250,000 for the benchmark's largest employer).
CREATE INDEX "employer_employees_since_idx" ON "employer_employees" USING btree ("employer_id","created_at","user_id");
