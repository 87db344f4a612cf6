DROP INDEX "challenge_templates_theme_idx";--> statement-breakpoint
DROP INDEX "challenge_templates_status_idx";--> statement-breakpoint
DROP INDEX "challenge_templates_created_idx";--> statement-breakpoint
DROP INDEX "locations_association_idx";--> statement-breakpoint
DROP INDEX "challenges_location_idx";--> statement-breakpoint
DROP INDEX "challenges_employer_idx";--> statement-breakpoint
DROP INDEX "challenges_association_idx";--> statement-breakpoint
DROP INDEX "challenges_list_created_idx";--> statement-breakpoint
DROP INDEX "challenges_list_name_idx";--> statement-breakpoint
DROP INDEX "challenges_list_start_idx";--> statement-breakpoint
DROP INDEX "challenges_list_reward_idx";--> statement-breakpoint
DROP INDEX "challenges_list_active_idx";--> statement-breakpoint
DROP INDEX "challenge_templates_list_name_idx";--> statement-breakpoint
DROP INDEX "picture_bank_items_list_name_idx";--> statement-breakpoint
DROP INDEX "picture_bank_items_list_created_idx";--> statement-breakpoint
ALTER TABLE "picture_bank_items" ADD COLUMN "byte_size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The picture's copy of its file's byte_size (decision 009: the list sorts on it by an index), set by the
-- database on every insert and every change of the file, whatever the write path (service, seed, import).
-- A file is kept under the hash of its bytes, so its size never changes afterwards.
CREATE FUNCTION "picture_bank_items_byte_size"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."byte_size" := (SELECT f."byte_size" FROM "files" AS f WHERE f."hash" = NEW."file_hash");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "picture_bank_items_byte_size" BEFORE INSERT OR UPDATE OF "file_hash", "byte_size" ON "picture_bank_items"
  FOR EACH ROW EXECUTE FUNCTION "picture_bank_items_byte_size"();--> statement-breakpoint
UPDATE "picture_bank_items" AS p SET "byte_size" = f."byte_size" FROM "files" AS f WHERE f."hash" = p."file_hash";--> statement-breakpoint
CREATE INDEX "challenge_templates_list_theme_idx" ON "challenge_templates" USING btree ("theme","id");--> statement-breakpoint
CREATE INDEX "challenge_templates_list_status_idx" ON "challenge_templates" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "challenge_templates_list_created_idx" ON "challenge_templates" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "challenge_templates_popular_idx" ON "challenge_templates" USING btree ("challenge_count" DESC NULLS FIRST,lower("name"),"id","name","theme") WHERE "challenge_templates"."is_active" and "challenge_templates"."status" = 2;--> statement-breakpoint
CREATE INDEX "challenge_templates_popular_asc_idx" ON "challenge_templates" USING btree ("challenge_count",lower("name"),"id","name","theme") WHERE "challenge_templates"."is_active" and "challenge_templates"."status" = 2;--> statement-breakpoint
CREATE INDEX "location_areas_list_name_idx" ON "location_areas" USING btree ("location_id",lower("name"),"id","name","street","city");--> statement-breakpoint
CREATE INDEX "location_areas_list_address_idx" ON "location_areas" USING btree ("location_id",(CASE WHEN "same_address_as_location" THEN '' ELSE substr(coalesce(' ' || "street", '') || coalesce(' ' || "house_number", '') || coalesce(' ' || "city", ''), 2) END),"id","same_address_as_location","street","house_number","city","name");--> statement-breakpoint
CREATE INDEX "locations_association_list_name_idx" ON "locations" USING btree ("association_id",lower("name"),"id","name","city","gym_id");--> statement-breakpoint
CREATE INDEX "locations_association_list_city_idx" ON "locations" USING btree ("association_id",lower(coalesce("city", '')),"id","city","name","gym_id");--> statement-breakpoint
CREATE INDEX "picture_bank_items_list_size_idx" ON "picture_bank_items" USING btree ("byte_size","id","is_active","category");--> statement-breakpoint
CREATE INDEX "challenges_location_idx" ON "challenges" USING btree ("location_id","is_active","name");--> statement-breakpoint
CREATE INDEX "challenges_employer_idx" ON "challenges" USING btree ("employer_id","is_active","name");--> statement-breakpoint
CREATE INDEX "challenges_association_idx" ON "challenges" USING btree ("association_id","is_active","name");--> statement-breakpoint
CREATE INDEX "challenges_list_created_idx" ON "challenges" USING btree (coalesce("location_id"::bigint, "employer_id"::bigint + 4294967296, "association_id"::bigint + 8589934592),"created_at","id","location_id","employer_id","association_id","is_active","name");--> statement-breakpoint
CREATE INDEX "challenges_list_name_idx" ON "challenges" USING btree (coalesce("location_id"::bigint, "employer_id"::bigint + 4294967296, "association_id"::bigint + 8589934592),lower("name"),"id","location_id","employer_id","association_id","is_active","name");--> statement-breakpoint
CREATE INDEX "challenges_list_start_idx" ON "challenges" USING btree (coalesce("location_id"::bigint, "employer_id"::bigint + 4294967296, "association_id"::bigint + 8589934592),"start_date","id","location_id","employer_id","association_id","is_active","name");--> statement-breakpoint
CREATE INDEX "challenges_list_reward_idx" ON "challenges" USING btree (coalesce("location_id"::bigint, "employer_id"::bigint + 4294967296, "association_id"::bigint + 8589934592),"entreo_points_reward","id","location_id","employer_id","association_id","is_active","name");--> statement-breakpoint
CREATE INDEX "challenges_list_active_idx" ON "challenges" USING btree (coalesce("location_id"::bigint, "employer_id"::bigint + 4294967296, "association_id"::bigint + 8589934592),"is_active","created_at","id","location_id","employer_id","association_id","name");--> statement-breakpoint
CREATE INDEX "challenge_templates_list_name_idx" ON "challenge_templates" USING btree (lower("name"),"id","name","is_active","status","theme");--> statement-breakpoint
CREATE INDEX "picture_bank_items_list_name_idx" ON "picture_bank_items" USING btree (lower("file_name"),"id","file_name","is_active","category");--> statement-breakpoint
CREATE INDEX "picture_bank_items_list_created_idx" ON "picture_bank_items" USING btree ("created_at","id","is_active","category");