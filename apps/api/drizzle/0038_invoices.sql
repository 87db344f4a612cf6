CREATE TABLE "invoice_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"vat_rate" smallint NOT NULL,
	"excl_vat_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_total_check" CHECK ("invoice_lines"."total_cents" = "invoice_lines"."excl_vat_cents" + "invoice_lines"."vat_cents")
);
--> statement-breakpoint
CREATE TABLE "invoice_numbers" (
	"gym_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_numbers_gym_id_year_pk" PRIMARY KEY("gym_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"membership_id" integer,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" smallint NOT NULL,
	"payment_method" smallint,
	"credited_invoice_id" integer,
	"member_name" text NOT NULL,
	"location_name" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" between 0 and 7),
	CONSTRAINT "invoices_payment_method_check" CHECK ("invoices"."payment_method" between 0 and 2),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."vat_cents")
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_numbers" ADD CONSTRAINT "invoice_numbers_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_position_unique" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_gym_number_unique" ON "invoices" USING btree ("gym_id","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credited_unique" ON "invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_gym_date_idx" ON "invoices" USING btree ("gym_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "invoices_gym_status_date_idx" ON "invoices" USING btree ("gym_id","status","invoice_date","id");--> statement-breakpoint
CREATE INDEX "invoices_location_date_idx" ON "invoices" USING btree ("location_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "invoices_member_date_idx" ON "invoices" USING btree ("member_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "invoices_gym_number_idx" ON "invoices" USING btree ("gym_id","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_member_name_trgm_idx" ON "invoices" USING gin ("gym_id",lower("member_name") gin_trgm_ops);