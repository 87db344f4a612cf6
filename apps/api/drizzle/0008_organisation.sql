CREATE TABLE "gym_employees" (
	"gym_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gym_employees_gym_id_user_id_pk" PRIMARY KEY("gym_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "gym_rights_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gym_rights_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "gym_rights_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gym_rights_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"name" text NOT NULL,
	"rights" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_opening_hours" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "location_opening_hours_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL,
	CONSTRAINT "location_opening_hours_weekday_check" CHECK ("location_opening_hours"."weekday" between 0 and 6),
	CONSTRAINT "location_opening_hours_range_check" CHECK ("location_opening_hours"."opens_at" < "location_opening_hours"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "location_payment_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "location_payment_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"kind" integer NOT NULL,
	"api_key_encrypted" text NOT NULL,
	"api_key_last_chars" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_status_requirements" (
	"location_id" integer NOT NULL,
	"member_status" integer NOT NULL,
	"required_days_of_absence" integer NOT NULL,
	CONSTRAINT "location_status_requirements_location_id_member_status_pk" PRIMARY KEY("location_id","member_status"),
	CONSTRAINT "location_status_requirements_days_check" CHECK ("location_status_requirements"."required_days_of_absence" > 0)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"hash" text PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "associations" ADD COLUMN "banner_hash" text;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "registration_banner_hash" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "member_expected_inside_time" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "visible_on_registration_page" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "qr_code" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "qr_code_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "association_id" integer;--> statement-breakpoint
ALTER TABLE "gym_employees" ADD CONSTRAINT "gym_employees_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_employees" ADD CONSTRAINT "gym_employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_rights_group_members" ADD CONSTRAINT "gym_rights_group_members_group_id_gym_rights_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."gym_rights_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_rights_group_members" ADD CONSTRAINT "gym_rights_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_rights_groups" ADD CONSTRAINT "gym_rights_groups_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_opening_hours" ADD CONSTRAINT "location_opening_hours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_payment_providers" ADD CONSTRAINT "location_payment_providers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_status_requirements" ADD CONSTRAINT "location_status_requirements_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gym_employees_user_id_index" ON "gym_employees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gym_rights_group_members_user_id_index" ON "gym_rights_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gym_rights_groups_gym_name_unique" ON "gym_rights_groups" USING btree ("gym_id",lower("name"));--> statement-breakpoint
CREATE INDEX "location_opening_hours_location_idx" ON "location_opening_hours" USING btree ("location_id","weekday","opens_at");--> statement-breakpoint
CREATE UNIQUE INDEX "location_payment_providers_location_unique" ON "location_payment_providers" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "associations" ADD CONSTRAINT "associations_banner_hash_files_hash_fk" FOREIGN KEY ("banner_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gyms" ADD CONSTRAINT "gyms_registration_banner_hash_files_hash_fk" FOREIGN KEY ("registration_banner_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "associations_name_unique" ON "associations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "gyms_name_trgm_idx" ON "gyms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "locations_qr_code_unique" ON "locations" USING btree ("qr_code");--> statement-breakpoint
CREATE INDEX "locations_association_idx" ON "locations" USING btree ("association_id");--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "gym_employees" ("gym_id", "user_id")
SELECT "gym_id", "user_id" FROM "gym_right_grants"
UNION
SELECT l."gym_id", g."user_id" FROM "location_right_grants" g JOIN "locations" l ON l."id" = g."location_id"
ON CONFLICT DO NOTHING;
