CREATE TABLE "location_employees" (
	"location_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_employees_location_id_user_id_pk" PRIMARY KEY("location_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "location_employees" ADD CONSTRAINT "location_employees_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_employees" ADD CONSTRAINT "location_employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_employees_user_id_index" ON "location_employees" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "location_employees" ("location_id", "user_id")
SELECT DISTINCT "location_id", "user_id" FROM "location_right_grants"
ON CONFLICT DO NOTHING;
