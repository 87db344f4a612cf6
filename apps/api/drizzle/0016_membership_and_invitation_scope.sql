DROP INDEX "invitations_open_unique";--> statement-breakpoint
ALTER TABLE "employer_users" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_users" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_open_unique" ON "invitations" USING btree ("kind",lower("email"),coalesce("gym_id", 0),coalesce("employer_id", 0),coalesce("supplier_id", 0)) WHERE "invitations"."status" in ('pending', 'registered');