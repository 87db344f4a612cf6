CREATE TABLE "pending_sign_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_sign_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"gym_id" integer NOT NULL,
	"location_id" integer,
	"member_id" integer,
	"email" text NOT NULL,
	"data" jsonb NOT NULL,
	"password_hash" text,
	"language" text DEFAULT 'nl' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_proven_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_sign_ups" ADD CONSTRAINT "pending_sign_ups_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_sign_ups_token_unique" ON "pending_sign_ups" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "pending_sign_ups_gym_open_idx" ON "pending_sign_ups" USING btree ("gym_id","status","created_at");--> statement-breakpoint
CREATE INDEX "pending_sign_ups_location_open_idx" ON "pending_sign_ups" USING btree ("location_id","status","created_at");--> statement-breakpoint
-- Accounts the public sign-up made before issue 28 never proved their address (the account and the sign-up's
-- audit row share the transaction's time): unproven, so the check-in refuses them until it is proven.
UPDATE "users" SET "email_proven_at" = NULL WHERE "id" IN (
  SELECT u."id" FROM "users" u JOIN "audit_log" a ON a."user_id" = u."id"
  WHERE a."request_id" IN ('sign-up', 'registration-link') AND u."created_at" = a."at"
);
