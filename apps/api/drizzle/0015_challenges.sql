CREATE TABLE "challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"challenge_template_id" integer NOT NULL,
	"template_snapshot" jsonb NOT NULL,
	"name" text NOT NULL,
	"location_id" integer,
	"employer_id" integer,
	"association_id" integer,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"from_date" timestamp with time zone,
	"from_end_date" timestamp with time zone,
	"entreo_points_reward" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"send_notifications" boolean DEFAULT false NOT NULL,
	"created_by_platform" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_one_owner_check" CHECK (num_nonnulls("challenges"."location_id", "challenges"."employer_id", "challenges"."association_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_challenge_template_id_challenge_templates_id_fk" FOREIGN KEY ("challenge_template_id") REFERENCES "public"."challenge_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_association_id_associations_id_fk" FOREIGN KEY ("association_id") REFERENCES "public"."associations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_location_idx" ON "challenges" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "challenges_employer_idx" ON "challenges" USING btree ("employer_id","created_at");--> statement-breakpoint
CREATE INDEX "challenges_association_idx" ON "challenges" USING btree ("association_id","created_at");--> statement-breakpoint
CREATE INDEX "challenges_template_idx" ON "challenges" USING btree ("challenge_template_id");--> statement-breakpoint
CREATE INDEX "challenges_name_trgm_idx" ON "challenges" USING gin ("name" gin_trgm_ops);