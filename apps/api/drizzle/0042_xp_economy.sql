CREATE TABLE "employer_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employer_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employer_id" integer NOT NULL,
	"address_type" smallint NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" text DEFAULT 'NL' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employer_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employer_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employer_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"insertion" text,
	"last_name" text NOT NULL,
	"description" text,
	"phone_number" text,
	"email" text,
	"registrations" boolean DEFAULT false NOT NULL,
	"newsletters" boolean DEFAULT false NOT NULL,
	"invoices" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost" integer NOT NULL,
	"category" smallint DEFAULT 0 NOT NULL,
	"employer_id" integer,
	"stock" integer DEFAULT 0 NOT NULL,
	"image_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_items_cost_check" CHECK ("store_items"."cost" > 0),
	CONSTRAINT "store_items_stock_check" CHECK ("store_items"."stock" >= 0),
	CONSTRAINT "store_items_category_check" CHECK ("store_items"."category" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "store_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_item_id" integer,
	"item_name" text NOT NULL,
	"cost" integer NOT NULL,
	"vat_percentage" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"employer_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_redemptions_status_check" CHECK ("store_redemptions"."status" between 0 and 3),
	CONSTRAINT "store_redemptions_cost_check" CHECK ("store_redemptions"."cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "challenge_completions" (
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transfer_id" integer,
	"recorded_by" integer,
	CONSTRAINT "challenge_completions_challenge_id_user_id_pk" PRIMARY KEY("challenge_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "xp_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "xp_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"employer_id" integer,
	"user_id" integer,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_accounts_kind_check" CHECK ("xp_accounts"."kind" in ('issuance', 'store', 'employer', 'wallet')),
	CONSTRAINT "xp_accounts_owner_check" CHECK (("xp_accounts"."kind" = 'employer') = ("xp_accounts"."employer_id" is not null) and ("xp_accounts"."kind" = 'wallet') = ("xp_accounts"."user_id" is not null)),
	CONSTRAINT "xp_accounts_balance_check" CHECK ("xp_accounts"."kind" = 'issuance' or "xp_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "xp_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "xp_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transfer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_entries_amount_check" CHECK ("xp_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "xp_invoice_numbers" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xp_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "xp_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employer_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"employer_name" text NOT NULL,
	"employer_address" text,
	"amount_of_xp" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"status" smallint NOT NULL,
	"payment_method" smallint,
	"paid_at" timestamp with time zone,
	"credited_invoice_id" integer,
	"collection" text DEFAULT 'checkout' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_invoices_status_check" CHECK ("xp_invoices"."status" between 0 and 7),
	CONSTRAINT "xp_invoices_collection_check" CHECK ("xp_invoices"."collection" in ('checkout', 'directDebit'))
);
--> statement-breakpoint
CREATE TABLE "xp_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "xp_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"employer_id" integer,
	"user_id" integer,
	"xp_invoice_id" integer,
	"challenge_id" integer,
	"redemption_id" integer,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "xp_transfers_amount_check" CHECK ("xp_transfers"."amount" > 0),
	CONSTRAINT "xp_transfers_accounts_check" CHECK ("xp_transfers"."from_account_id" <> "xp_transfers"."to_account_id"),
	CONSTRAINT "xp_transfers_kind_check" CHECK ("xp_transfers"."kind" in ('purchase', 'grant', 'reward', 'redemption', 'refund', 'correction')),
	CONSTRAINT "xp_transfers_reason_check" CHECK ("xp_transfers"."kind" <> 'correction' or length(trim(coalesce("xp_transfers"."reason", ''))) > 0)
);
--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "personnel_number" text;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "logo_hash" text;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "access_fitness" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "access_home_training" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "access_online_sports" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "access_associations" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "invoice_email" text;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "contract_type" smallint;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "contract_duration" smallint;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "extension_years" smallint;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "contribution_cents" integer;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "payment_customer_id" text;--> statement-breakpoint
ALTER TABLE "employers" ADD COLUMN "payment_mandate_id" text;--> statement-breakpoint
ALTER TABLE "employer_addresses" ADD CONSTRAINT "employer_addresses_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_contacts" ADD CONSTRAINT "employer_contacts_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_image_hash_files_hash_fk" FOREIGN KEY ("image_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_redemptions" ADD CONSTRAINT "store_redemptions_store_item_id_store_items_id_fk" FOREIGN KEY ("store_item_id") REFERENCES "public"."store_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_redemptions" ADD CONSTRAINT "store_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_redemptions" ADD CONSTRAINT "store_redemptions_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_completions" ADD CONSTRAINT "challenge_completions_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_completions" ADD CONSTRAINT "challenge_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_completions" ADD CONSTRAINT "challenge_completions_transfer_id_xp_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."xp_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_completions" ADD CONSTRAINT "challenge_completions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_accounts" ADD CONSTRAINT "xp_accounts_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_accounts" ADD CONSTRAINT "xp_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_entries" ADD CONSTRAINT "xp_entries_transfer_id_xp_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."xp_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_entries" ADD CONSTRAINT "xp_entries_account_id_xp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."xp_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_invoices" ADD CONSTRAINT "xp_invoices_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_invoices" ADD CONSTRAINT "xp_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_transfers" ADD CONSTRAINT "xp_transfers_from_account_id_xp_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."xp_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_transfers" ADD CONSTRAINT "xp_transfers_to_account_id_xp_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."xp_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_transfers" ADD CONSTRAINT "xp_transfers_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_transfers" ADD CONSTRAINT "xp_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_transfers" ADD CONSTRAINT "xp_transfers_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_transfers" ADD CONSTRAINT "xp_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_addresses_employer_id_index" ON "employer_addresses" USING btree ("employer_id");--> statement-breakpoint
CREATE INDEX "employer_contacts_employer_id_index" ON "employer_contacts" USING btree ("employer_id");--> statement-breakpoint
CREATE INDEX "store_items_employer_name_idx" ON "store_items" USING btree ("employer_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "store_items_name_idx" ON "store_items" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "store_items_name_trgm_idx" ON "store_items" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_redemptions_employer_idx" ON "store_redemptions" USING btree ("employer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "store_redemptions_created_idx" ON "store_redemptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "store_redemptions_user_idx" ON "store_redemptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "store_redemptions_item_idx" ON "store_redemptions" USING btree ("store_item_id");--> statement-breakpoint
CREATE INDEX "challenge_completions_user_id_index" ON "challenge_completions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_accounts_platform_unique" ON "xp_accounts" USING btree ("kind") WHERE "xp_accounts"."kind" in ('issuance', 'store');--> statement-breakpoint
CREATE UNIQUE INDEX "xp_accounts_employer_unique" ON "xp_accounts" USING btree ("employer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_accounts_user_unique" ON "xp_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "xp_entries_account_idx" ON "xp_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "xp_entries_transfer_idx" ON "xp_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_invoices_number_unique" ON "xp_invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_invoices_credited_unique" ON "xp_invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
CREATE INDEX "xp_invoices_employer_idx" ON "xp_invoices" USING btree ("employer_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "xp_invoices_issued_idx" ON "xp_invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "xp_invoices_status_idx" ON "xp_invoices" USING btree ("status","issued_at","id");--> statement-breakpoint
CREATE INDEX "xp_invoices_number_trgm_idx" ON "xp_invoices" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "xp_transfers_purchase_unique" ON "xp_transfers" USING btree ("xp_invoice_id") WHERE "xp_transfers"."kind" = 'purchase';--> statement-breakpoint
CREATE UNIQUE INDEX "xp_transfers_reward_unique" ON "xp_transfers" USING btree ("challenge_id","user_id") WHERE "xp_transfers"."kind" = 'reward';--> statement-breakpoint
CREATE UNIQUE INDEX "xp_transfers_redemption_unique" ON "xp_transfers" USING btree ("kind","redemption_id") WHERE "xp_transfers"."redemption_id" is not null;--> statement-breakpoint
CREATE INDEX "xp_transfers_employer_idx" ON "xp_transfers" USING btree ("employer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "xp_transfers_created_idx" ON "xp_transfers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "xp_transfers_from_idx" ON "xp_transfers" USING btree ("from_account_id","id");--> statement-breakpoint
CREATE INDEX "xp_transfers_to_idx" ON "xp_transfers" USING btree ("to_account_id","id");--> statement-breakpoint
CREATE INDEX "xp_transfers_user_idx" ON "xp_transfers" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "employers" ADD CONSTRAINT "employers_logo_hash_files_hash_fk" FOREIGN KEY ("logo_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The ledger is never changed (decision 019): a mistake is undone by a movement back.
CREATE FUNCTION xp_ledger_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the XP ledger is never changed (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER xp_transfers_unchanged BEFORE UPDATE OR DELETE ON xp_transfers FOR EACH ROW EXECUTE FUNCTION xp_ledger_unchanged();--> statement-breakpoint
CREATE TRIGGER xp_transfers_not_truncated BEFORE TRUNCATE ON xp_transfers FOR EACH STATEMENT EXECUTE FUNCTION xp_ledger_unchanged();--> statement-breakpoint
CREATE TRIGGER xp_entries_unchanged BEFORE UPDATE OR DELETE ON xp_entries FOR EACH ROW EXECUTE FUNCTION xp_ledger_unchanged();--> statement-breakpoint
CREATE TRIGGER xp_entries_not_truncated BEFORE TRUNCATE ON xp_entries FOR EACH STATEMENT EXECUTE FUNCTION xp_ledger_unchanged();--> statement-breakpoint
-- An XP invoice's number, date, employer, XP and amounts are written once (decision 016).
CREATE FUNCTION xp_invoices_issued_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.employer_id, NEW.year, NEW.sequence, NEW.number, NEW.issued_at, NEW.due_at, NEW.employer_name, NEW.employer_address,
      NEW.amount_of_xp, NEW.net_cents, NEW.vat_cents, NEW.total_cents, NEW.credited_invoice_id, NEW.collection)
     IS DISTINCT FROM
     (OLD.employer_id, OLD.year, OLD.sequence, OLD.number, OLD.issued_at, OLD.due_at, OLD.employer_name, OLD.employer_address,
      OLD.amount_of_xp, OLD.net_cents, OLD.vat_cents, OLD.total_cents, OLD.credited_invoice_id, OLD.collection) THEN
    RAISE EXCEPTION 'an issued XP invoice is never changed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER xp_invoices_issued_unchanged BEFORE UPDATE ON xp_invoices FOR EACH ROW EXECUTE FUNCTION xp_invoices_issued_unchanged();--> statement-breakpoint
CREATE TRIGGER xp_invoices_not_deleted BEFORE DELETE ON xp_invoices FOR EACH ROW EXECUTE FUNCTION xp_ledger_unchanged();--> statement-breakpoint
INSERT INTO xp_accounts (kind) VALUES ('issuance'), ('store');
