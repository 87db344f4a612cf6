CREATE TABLE "refunds_owed" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_owed_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer,
	"location_id" integer,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"payment_id" integer,
	"reference" text NOT NULL,
	"payer_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'owed' NOT NULL,
	"method" text,
	"provider_refund_id" text,
	"refunded_at" timestamp with time zone,
	"refunded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_owed_amount_check" CHECK ("refunds_owed"."amount_cents" > 0),
	CONSTRAINT "refunds_owed_reason_check" CHECK ("refunds_owed"."reason" in ('creditInvoice', 'paidAfterCancel', 'paidTwice')),
	CONSTRAINT "refunds_owed_status_check" CHECK ("refunds_owed"."status" in ('owed', 'refunded')),
	CONSTRAINT "refunds_owed_method_check" CHECK ("refunds_owed"."method" is null or "refunds_owed"."method" in ('bank', 'card', 'cash', 'provider', 'chargeback'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_token" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_url" text;--> statement-breakpoint
ALTER TABLE "refunds_owed" ADD CONSTRAINT "refunds_owed_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds_owed" ADD CONSTRAINT "refunds_owed_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds_owed" ADD CONSTRAINT "refunds_owed_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_owed_payment_unique" ON "refunds_owed" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_owed_credit_unique" ON "refunds_owed" USING btree ("subject","subject_id") WHERE "refunds_owed"."reason" = 'creditInvoice';--> statement-breakpoint
CREATE INDEX "refunds_owed_gym_idx" ON "refunds_owed" USING btree ("gym_id","status","id");--> statement-breakpoint
CREATE INDEX "refunds_owed_location_idx" ON "refunds_owed" USING btree ("location_id","status","id");--> statement-breakpoint
CREATE INDEX "refunds_owed_platform_idx" ON "refunds_owed" USING btree ("status","id") WHERE "refunds_owed"."gym_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_return_token_unique" ON "payments" USING btree ("return_token");