CREATE TABLE "challenge_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenge_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"unique_feature_description" text,
	"activity_description" text,
	"benefit_description" text,
	"theme" integer NOT NULL,
	"measurement" integer NOT NULL,
	"measurement_unit" integer NOT NULL,
	"activity" integer NOT NULL,
	"difficulty" integer NOT NULL,
	"status" integer DEFAULT 2 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"completion_period" integer NOT NULL,
	"completion_amount" integer NOT NULL,
	"frequency_period" integer NOT NULL,
	"frequency_amount" integer NOT NULL,
	"frequency_period_amount" integer NOT NULL,
	"measurement_amount" integer NOT NULL,
	"entreo_points_reward" integer NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"from_date" timestamp with time zone,
	"from_end_date" timestamp with time zone,
	"publish_date" timestamp with time zone,
	"send_notifications" boolean DEFAULT false NOT NULL,
	"third_party" boolean DEFAULT false NOT NULL,
	"challenge_banner_hash" text,
	"picture_bank_item_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge_templates" ADD CONSTRAINT "challenge_templates_challenge_banner_hash_files_hash_fk" FOREIGN KEY ("challenge_banner_hash") REFERENCES "public"."files"("hash") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_templates" ADD CONSTRAINT "challenge_templates_picture_bank_item_id_picture_bank_items_id_fk" FOREIGN KEY ("picture_bank_item_id") REFERENCES "public"."picture_bank_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_templates_name_trgm_idx" ON "challenge_templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "challenge_templates_theme_idx" ON "challenge_templates" USING btree ("theme");--> statement-breakpoint
CREATE INDEX "challenge_templates_status_idx" ON "challenge_templates" USING btree ("status");--> statement-breakpoint
CREATE INDEX "challenge_templates_active_idx" ON "challenge_templates" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "challenge_templates_created_idx" ON "challenge_templates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "challenge_templates_picture_idx" ON "challenge_templates" USING btree ("picture_bank_item_id");