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
--> statement-breakpoint
-- The gym's people lists (gym employees, known users of a location) walk the gym's links in name or e-mail
-- order: the user's sort keys are copied onto the link, null while the account is deleted (so the partial
-- indexes hold the live employees only). Kept by a row trigger on the link (filled on insert, from the
-- user) and one on `users` (a change of name, e-mail or `deleted_at` rewrites the user's links).
ALTER TABLE "gym_employees" ADD COLUMN "sort_name" text;--> statement-breakpoint
ALTER TABLE "gym_employees" ADD COLUMN "sort_email" text;--> statement-breakpoint
-- The backfill leaves every gym's count as it is: its count trigger is off meanwhile.
ALTER TABLE "gym_employees" DISABLE TRIGGER "gym_employees_count_update";--> statement-breakpoint
UPDATE "gym_employees" AS ge
SET "sort_name" = CASE WHEN u."deleted_at" IS NULL THEN lower(u."first_name" || coalesce(' ' || u."insertion", '') || ' ' || u."last_name") END,
    "sort_email" = CASE WHEN u."deleted_at" IS NULL THEN lower(u."email") END
FROM "users" AS u WHERE u."id" = ge."user_id";--> statement-breakpoint
ALTER TABLE "gym_employees" ENABLE TRIGGER "gym_employees_count_update";--> statement-breakpoint
CREATE FUNCTION "gym_employees_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE WHEN u."deleted_at" IS NULL THEN lower(u."first_name" || coalesce(' ' || u."insertion", '') || ' ' || u."last_name") END,
         CASE WHEN u."deleted_at" IS NULL THEN lower(u."email") END
    INTO NEW."sort_name", NEW."sort_email" FROM "users" AS u WHERE u."id" = NEW."user_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "gym_employees_sort_keys" BEFORE INSERT OR UPDATE OF "user_id", "sort_name", "sort_email" ON "gym_employees"
  FOR EACH ROW EXECUTE FUNCTION "gym_employees_sort_keys"();--> statement-breakpoint
CREATE FUNCTION "users_gym_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The link trigger above reads the user's new values.
  UPDATE "gym_employees" SET "sort_name" = NULL WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_gym_sort_keys" AFTER UPDATE OF "first_name", "insertion", "last_name", "email", "deleted_at" ON "users"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."insertion" IS DISTINCT FROM NEW."insertion"
    OR OLD."last_name" IS DISTINCT FROM NEW."last_name" OR OLD."email" IS DISTINCT FROM NEW."email"
    OR (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "users_gym_sort_keys"();--> statement-breakpoint
CREATE INDEX "gym_employees_name_idx" ON "gym_employees" USING btree ("gym_id","sort_name","user_id") WHERE "gym_employees"."sort_name" is not null;--> statement-breakpoint
CREATE INDEX "gym_employees_email_idx" ON "gym_employees" USING btree ("gym_id","sort_email","user_id") WHERE "gym_employees"."sort_email" is not null;
--> statement-breakpoint
-- The same copies on the employer's links (the employer employees by name and e-mail, 250,000 for the
-- benchmark's largest employer: a deep page walks the employer's links, not the users probing each).
ALTER TABLE "employer_employees" ADD COLUMN "sort_name" text;--> statement-breakpoint
ALTER TABLE "employer_employees" ADD COLUMN "sort_email" text;--> statement-breakpoint
ALTER TABLE "employer_employees" DISABLE TRIGGER "employer_employees_count_update";--> statement-breakpoint
UPDATE "employer_employees" AS ee
SET "sort_name" = CASE WHEN u."deleted_at" IS NULL THEN lower(u."first_name" || coalesce(' ' || u."insertion", '') || ' ' || u."last_name") END,
    "sort_email" = CASE WHEN u."deleted_at" IS NULL THEN lower(u."email") END
FROM "users" AS u WHERE u."id" = ee."user_id";--> statement-breakpoint
ALTER TABLE "employer_employees" ENABLE TRIGGER "employer_employees_count_update";--> statement-breakpoint
-- The link trigger of the gym's links reads only the link's user: it serves the employer's links as well.
CREATE TRIGGER "employer_employees_sort_keys" BEFORE INSERT OR UPDATE OF "user_id", "sort_name", "sort_email" ON "employer_employees"
  FOR EACH ROW EXECUTE FUNCTION "gym_employees_sort_keys"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_gym_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The link triggers read the user's new values.
  UPDATE "gym_employees" SET "sort_name" = NULL WHERE "user_id" = NEW."id";
  UPDATE "employer_employees" SET "sort_name" = NULL WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE INDEX "employer_employees_name_idx" ON "employer_employees" USING btree ("employer_id","sort_name","user_id") WHERE "employer_employees"."sort_name" is not null;--> statement-breakpoint
CREATE INDEX "employer_employees_email_idx" ON "employer_employees" USING btree ("employer_id","sort_email","user_id") WHERE "employer_employees"."sort_email" is not null;
