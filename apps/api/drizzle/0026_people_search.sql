-- A search of a gym's or an employer's people reads only that gym's or employer's matches (decision 009,
-- "People searched per gym and employer"): the user's search text (`userSearchText`: name and e-mail,
-- lower-cased) is copied onto the links like the sort keys (migration 0024: null while the account is
-- deleted, kept by the same triggers), and one GIN index holds the gym or employer with the text's
-- trigrams (btree_gin), so that a common name's users elsewhere are not read.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "employer_employees" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "gym_employees" ADD COLUMN "search_text" text;--> statement-breakpoint
-- The backfill leaves every count as it is: the count triggers are off meanwhile (the link trigger fires
-- on other columns).
ALTER TABLE "gym_employees" DISABLE TRIGGER "gym_employees_count_update";--> statement-breakpoint
UPDATE "gym_employees" AS ge
SET "search_text" = lower(u."first_name" || coalesce(' ' || u."insertion", '') || ' ' || u."last_name" || ' ' || u."email")
FROM "users" AS u WHERE u."id" = ge."user_id" AND u."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "gym_employees" ENABLE TRIGGER "gym_employees_count_update";--> statement-breakpoint
ALTER TABLE "employer_employees" DISABLE TRIGGER "employer_employees_count_update";--> statement-breakpoint
UPDATE "employer_employees" AS ee
SET "search_text" = lower(u."first_name" || coalesce(' ' || u."insertion", '') || ' ' || u."last_name" || ' ' || u."email")
FROM "users" AS u WHERE u."id" = ee."user_id" AND u."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "employer_employees" ENABLE TRIGGER "employer_employees_count_update";--> statement-breakpoint
-- The link trigger of both links fills the search text with the sort keys (the users' trigger rewrites the
-- links on a change of name, e-mail or deletion, and this trigger then reads the user's new values).
CREATE OR REPLACE FUNCTION "gym_employees_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE WHEN u."deleted_at" IS NULL THEN lower(u."first_name" || coalesce(' ' || u."insertion", '') || ' ' || u."last_name") END,
         CASE WHEN u."deleted_at" IS NULL THEN lower(u."email") END,
         CASE WHEN u."deleted_at" IS NULL THEN lower(u."first_name" || coalesce(' ' || u."insertion", '') || ' ' || u."last_name" || ' ' || u."email") END
    INTO NEW."sort_name", NEW."sort_email", NEW."search_text" FROM "users" AS u WHERE u."id" = NEW."user_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE INDEX "employer_employees_search_idx" ON "employer_employees" USING gin ("employer_id","search_text" gin_trgm_ops) WHERE "employer_employees"."search_text" is not null;--> statement-breakpoint
CREATE INDEX "gym_employees_search_idx" ON "gym_employees" USING gin ("gym_id","search_text" gin_trgm_ops) WHERE "gym_employees"."search_text" is not null;
