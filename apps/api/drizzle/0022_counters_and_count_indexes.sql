DROP INDEX "challenges_location_idx";--> statement-breakpoint
DROP INDEX "challenges_employer_idx";--> statement-breakpoint
DROP INDEX "challenges_association_idx";--> statement-breakpoint
DROP INDEX "users_list_name_idx";--> statement-breakpoint
DROP INDEX "users_list_email_idx";--> statement-breakpoint
DROP INDEX "users_list_role_name_idx";--> statement-breakpoint
DROP INDEX "users_list_role_email_idx";--> statement-breakpoint
DROP INDEX "users_sort_name_idx";--> statement-breakpoint
ALTER TABLE "challenge_templates" ADD COLUMN "challenge_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "employee_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "employee_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "employers_list_employees_idx" ON "employers" USING btree ("employee_count","id");--> statement-breakpoint
CREATE INDEX "challenges_location_idx" ON "challenges" USING btree ("location_id","is_active");--> statement-breakpoint
CREATE INDEX "challenges_employer_idx" ON "challenges" USING btree ("employer_id","is_active");--> statement-breakpoint
CREATE INDEX "challenges_association_idx" ON "challenges" USING btree ("association_id","is_active");--> statement-breakpoint
CREATE INDEX "users_list_name_idx" ON "users" USING btree (lower("last_name"),"id","last_name") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_email_idx" ON "users" USING btree (lower("email"),"id","email") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_role_name_idx" ON "users" USING btree ("role",lower("last_name"),"id","last_name") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_role_email_idx" ON "users" USING btree ("role",lower("email"),"id","email") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree (lower("first_name" || coalesce(' ' || "insertion", '') || ' ' || "last_name"),"id","first_name","insertion","last_name") WHERE "users"."deleted_at" is null;--> statement-breakpoint
-- Employee counters (decision 009): employers.employee_count and gyms.employee_count count the links
-- (employer_employees, gym_employees) of accounts that still exist, kept by the triggers below in the same
-- transaction as every write. Statement triggers add up a whole statement's rows (a bulk import updates
-- each employer once); the counted rows are locked in id order first, so two statements cannot deadlock.
-- The lock is held to the end of the transaction: one that changes the employees of several employers (or
-- gyms) in separate statements does so in id order, or it may deadlock with another doing the reverse.
CREATE FUNCTION "employer_employees_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM 1 FROM "employers" WHERE "id" IN (SELECT "employer_id" FROM "new_rows") ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "employers" AS e SET "employee_count" = e."employee_count" + d."n"
    FROM (SELECT r."employer_id", count(*)::int AS "n" FROM "new_rows" AS r
          JOIN "users" AS u ON u."id" = r."user_id" AND u."deleted_at" IS NULL GROUP BY r."employer_id") AS d
    WHERE e."id" = d."employer_id";
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM 1 FROM "employers" WHERE "id" IN (SELECT "employer_id" FROM "old_rows") ORDER BY "id" FOR NO KEY UPDATE;
    -- A link of a deleted account was not counted; one whose account is gone too (a cascade) was.
    UPDATE "employers" AS e SET "employee_count" = e."employee_count" - d."n"
    FROM (SELECT r."employer_id", count(*)::int AS "n" FROM "old_rows" AS r
          WHERE NOT EXISTS (SELECT 1 FROM "users" AS u WHERE u."id" = r."user_id" AND u."deleted_at" IS NOT NULL)
          GROUP BY r."employer_id") AS d
    WHERE e."id" = d."employer_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "employer_employees_count_insert" AFTER INSERT ON "employer_employees"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "employer_employees_count"();--> statement-breakpoint
CREATE TRIGGER "employer_employees_count_delete" AFTER DELETE ON "employer_employees"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "employer_employees_count"();--> statement-breakpoint
CREATE TRIGGER "employer_employees_count_update" AFTER UPDATE ON "employer_employees"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "employer_employees_count"();--> statement-breakpoint
CREATE FUNCTION "gym_employees_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER "gym_employees_count_insert" AFTER INSERT ON "gym_employees"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "gym_employees_count"();--> statement-breakpoint
CREATE TRIGGER "gym_employees_count_delete" AFTER DELETE ON "gym_employees"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "gym_employees_count"();--> statement-breakpoint
CREATE TRIGGER "gym_employees_count_update" AFTER UPDATE ON "gym_employees"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "gym_employees_count"();--> statement-breakpoint
-- An account deleted (or restored) leaves (or rejoins) the counts of its employers and gyms.
CREATE FUNCTION "users_employee_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta int := CASE WHEN NEW."deleted_at" IS NULL THEN 1 ELSE -1 END;
BEGIN
  PERFORM 1 FROM "employers" WHERE "id" IN (SELECT "employer_id" FROM "employer_employees" WHERE "user_id" = NEW."id")
    ORDER BY "id" FOR NO KEY UPDATE;
  PERFORM 1 FROM "gyms" WHERE "id" IN (SELECT "gym_id" FROM "gym_employees" WHERE "user_id" = NEW."id")
    ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "employers" SET "employee_count" = "employee_count" + delta
  WHERE "id" IN (SELECT "employer_id" FROM "employer_employees" WHERE "user_id" = NEW."id");
  UPDATE "gyms" SET "employee_count" = "employee_count" + delta
  WHERE "id" IN (SELECT "gym_id" FROM "gym_employees" WHERE "user_id" = NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_employee_counts" AFTER UPDATE OF "deleted_at" ON "users" FOR EACH ROW
  WHEN ((OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL)) EXECUTE FUNCTION "users_employee_counts"();--> statement-breakpoint
UPDATE "employers" AS e SET "employee_count" = d."n"
FROM (SELECT ee."employer_id", count(*)::int AS "n" FROM "employer_employees" AS ee
      JOIN "users" AS u ON u."id" = ee."user_id" AND u."deleted_at" IS NULL GROUP BY ee."employer_id") AS d
WHERE e."id" = d."employer_id";--> statement-breakpoint
UPDATE "gyms" AS g SET "employee_count" = d."n"
FROM (SELECT ge."gym_id", count(*)::int AS "n" FROM "gym_employees" AS ge
      JOIN "users" AS u ON u."id" = ge."user_id" AND u."deleted_at" IS NULL GROUP BY ge."gym_id") AS d
WHERE g."id" = d."gym_id";--> statement-breakpoint
-- challenge_templates.challenge_count: the challenges made from the template (the popular templates' count
-- and sort), kept the same way by statement triggers on challenges.
CREATE FUNCTION "challenges_template_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM "challenge_templates" WHERE "id" IN (SELECT "challenge_template_id" FROM "new_rows")
      ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "challenge_templates" AS t SET "challenge_count" = t."challenge_count" + d."n"
    FROM (SELECT "challenge_template_id" AS "id", count(*)::int AS "n" FROM "new_rows" GROUP BY 1) AS d
    WHERE t."id" = d."id";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM "challenge_templates" WHERE "id" IN (SELECT "challenge_template_id" FROM "old_rows")
      ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "challenge_templates" AS t SET "challenge_count" = t."challenge_count" - d."n"
    FROM (SELECT "challenge_template_id" AS "id", count(*)::int AS "n" FROM "old_rows" GROUP BY 1) AS d
    WHERE t."id" = d."id";
  ELSE
    -- Only a challenge moved to another template changes a count (not a rename, not a switch off).
    PERFORM 1 FROM "challenge_templates" WHERE "id" IN (
        SELECT n."challenge_template_id" FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
        WHERE o."challenge_template_id" <> n."challenge_template_id"
        UNION SELECT o."challenge_template_id" FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
        WHERE o."challenge_template_id" <> n."challenge_template_id")
      ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "challenge_templates" AS t SET "challenge_count" = t."challenge_count" + d."n"
    FROM (SELECT "id", sum("n")::int AS "n" FROM (
            SELECT n."challenge_template_id" AS "id", 1 AS "n" FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
            WHERE o."challenge_template_id" <> n."challenge_template_id"
            UNION ALL SELECT o."challenge_template_id", -1 FROM "new_rows" AS n JOIN "old_rows" AS o ON o."id" = n."id"
            WHERE o."challenge_template_id" <> n."challenge_template_id") AS c
          GROUP BY 1) AS d
    WHERE t."id" = d."id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "challenges_template_count_insert" AFTER INSERT ON "challenges"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "challenges_template_count"();--> statement-breakpoint
CREATE TRIGGER "challenges_template_count_delete" AFTER DELETE ON "challenges"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "challenges_template_count"();--> statement-breakpoint
CREATE TRIGGER "challenges_template_count_update" AFTER UPDATE ON "challenges"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "challenges_template_count"();--> statement-breakpoint
UPDATE "challenge_templates" AS t SET "challenge_count" = d."n"
FROM (SELECT "challenge_template_id", count(*)::int AS "n" FROM "challenges" GROUP BY "challenge_template_id") AS d
WHERE t."id" = d."challenge_template_id";
