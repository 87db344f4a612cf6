ALTER TABLE "gyms" ADD COLUMN "kvk_number" text;--> statement-breakpoint
ALTER TABLE "gyms" ADD COLUMN "vat_number" text;