CREATE TABLE "age_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "age_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"name" text NOT NULL,
	"minimum_age" smallint NOT NULL,
	"maximum_age" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "age_groups_ages" CHECK ("age_groups"."minimum_age" >= 0 AND "age_groups"."maximum_age" >= "age_groups"."minimum_age")
);
--> statement-breakpoint
CREATE TABLE "subscription_age_groups" (
	"subscription_id" integer NOT NULL,
	"age_group_id" integer NOT NULL,
	CONSTRAINT "subscription_age_groups_subscription_id_age_group_id_pk" PRIMARY KEY("subscription_id","age_group_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_locations" (
	"subscription_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "subscription_locations_subscription_id_location_id_pk" PRIMARY KEY("subscription_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_time_slot_groups" (
	"subscription_id" integer NOT NULL,
	"time_slot_group_id" integer NOT NULL,
	CONSTRAINT "subscription_time_slot_groups_subscription_id_time_slot_group_id_pk" PRIMARY KEY("subscription_id","time_slot_group_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_variants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"name" text NOT NULL,
	"one_off_costs" integer NOT NULL,
	"one_off_costs_includes_vat" boolean NOT NULL,
	"price_per_period" integer NOT NULL,
	"price_per_period_includes_vat" boolean NOT NULL,
	"duration_period_amount" integer NOT NULL,
	"duration_period_type" smallint NOT NULL,
	"access_type" smallint NOT NULL,
	"access_per_period_amount" integer,
	"access_per_period_type" smallint,
	"payment_per_period_amount" integer NOT NULL,
	"payment_per_period_type" smallint NOT NULL,
	"notice_period_amount" integer NOT NULL,
	"notice_period_type" smallint NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_variants_money" CHECK ("subscription_variants"."one_off_costs" >= 0 AND "subscription_variants"."price_per_period" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"vat_rate" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_slot_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_slot_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"name" text NOT NULL,
	"days" smallint[] NOT NULL,
	"begin_time" time NOT NULL,
	"end_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_slot_groups_times" CHECK ("time_slot_groups"."end_time" > "time_slot_groups"."begin_time")
);
--> statement-breakpoint
ALTER TABLE "age_groups" ADD CONSTRAINT "age_groups_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_age_groups" ADD CONSTRAINT "subscription_age_groups_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_age_groups" ADD CONSTRAINT "subscription_age_groups_age_group_id_age_groups_id_fk" FOREIGN KEY ("age_group_id") REFERENCES "public"."age_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_locations" ADD CONSTRAINT "subscription_locations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_locations" ADD CONSTRAINT "subscription_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_time_slot_groups" ADD CONSTRAINT "subscription_time_slot_groups_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_time_slot_groups" ADD CONSTRAINT "subscription_time_slot_groups_time_slot_group_id_time_slot_groups_id_fk" FOREIGN KEY ("time_slot_group_id") REFERENCES "public"."time_slot_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_variants" ADD CONSTRAINT "subscription_variants_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slot_groups" ADD CONSTRAINT "time_slot_groups_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "age_groups_gym_name_unique" ON "age_groups" USING btree ("gym_id",lower("name"));--> statement-breakpoint
CREATE INDEX "subscription_age_groups_group_idx" ON "subscription_age_groups" USING btree ("age_group_id","subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_locations_location_idx" ON "subscription_locations" USING btree ("location_id","subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_time_slot_groups_group_idx" ON "subscription_time_slot_groups" USING btree ("time_slot_group_id","subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_variants_subscription_idx" ON "subscription_variants" USING btree ("subscription_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_gym_name_unique" ON "subscriptions" USING btree ("gym_id",lower("name"));--> statement-breakpoint
CREATE INDEX "subscriptions_list_order_idx" ON "subscriptions" USING btree ("gym_id","is_active","sort_order","id");--> statement-breakpoint
CREATE INDEX "subscriptions_list_name_idx" ON "subscriptions" USING btree ("gym_id","is_active",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "subscriptions_name_trgm_idx" ON "subscriptions" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "time_slot_groups_gym_name_unique" ON "time_slot_groups" USING btree ("gym_id",lower("name"));