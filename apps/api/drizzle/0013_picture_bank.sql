CREATE TABLE "picture_bank_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "picture_bank_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"category" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "picture_bank_items" ADD CONSTRAINT "picture_bank_items_file_hash_files_hash_fk" FOREIGN KEY ("file_hash") REFERENCES "public"."files"("hash") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "picture_bank_items_category_active_idx" ON "picture_bank_items" USING btree ("category","is_active");--> statement-breakpoint
CREATE INDEX "picture_bank_items_active_idx" ON "picture_bank_items" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "picture_bank_items_file_name_trgm_idx" ON "picture_bank_items" USING gin ("file_name" gin_trgm_ops);