CREATE SEQUENCE "product_order_follow_numbers";
--> statement-breakpoint
CREATE TABLE "fitness_product_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fitness_product_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" integer NOT NULL,
	"image_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fitness_product_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fitness_product_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"number_type" smallint NOT NULL,
	"purchase_price_cents" integer NOT NULL,
	"vat_percentage" smallint DEFAULT 6 NOT NULL,
	"sales_unit" smallint DEFAULT 0 NOT NULL,
	"duration" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"commission_type" smallint,
	"minimum_term" smallint,
	"platform_margin_cents" integer,
	"region_manager_margin_cents" integer,
	"gym_margin_cents" integer,
	"deny_reason" text,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fitness_product_versions_price_check" CHECK ("fitness_product_versions"."purchase_price_cents" >= 0),
	CONSTRAINT "fitness_product_versions_vat_check" CHECK ("fitness_product_versions"."vat_percentage" in (6, 9, 21)),
	CONSTRAINT "fitness_product_versions_sales_unit_check" CHECK ("fitness_product_versions"."sales_unit" between 0 and 1),
	CONSTRAINT "fitness_product_versions_duration_check" CHECK ("fitness_product_versions"."duration" between 0 and 3),
	CONSTRAINT "fitness_product_versions_number_type_check" CHECK ("fitness_product_versions"."number_type" between 0 and 2),
	CONSTRAINT "fitness_product_versions_status_check" CHECK ("fitness_product_versions"."status" between 0 and 3),
	CONSTRAINT "fitness_product_versions_margins_check" CHECK (coalesce("fitness_product_versions"."platform_margin_cents", 0) >= 0 and coalesce("fitness_product_versions"."region_manager_margin_cents", 0) >= 0 and coalesce("fitness_product_versions"."gym_margin_cents", 0) >= 0),
	CONSTRAINT "fitness_product_versions_accepted_check" CHECK ("fitness_product_versions"."status" not in (1, 3) or ("fitness_product_versions"."commission_type" is not null and "fitness_product_versions"."minimum_term" is not null and "fitness_product_versions"."platform_margin_cents" is not null and "fitness_product_versions"."region_manager_margin_cents" is not null and "fitness_product_versions"."gym_margin_cents" is not null))
);
--> statement-breakpoint
CREATE TABLE "fitness_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fitness_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"accepted_version_id" integer,
	"pending_version_id" integer,
	"sort_name" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"delivery_date" date,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"follow_number" text DEFAULT 'PO-' || lpad(nextval('product_order_follow_numbers')::text, 6, '0') NOT NULL,
	"gym_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_version_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"member_id" integer,
	"first_name" text NOT NULL,
	"insertion" text,
	"last_name" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"language" text DEFAULT 'nl' NOT NULL,
	"delivery_same_as_regular" boolean DEFAULT true NOT NULL,
	"delivery_street" text NOT NULL,
	"delivery_house_number" text NOT NULL,
	"delivery_postal_code" text NOT NULL,
	"delivery_city" text NOT NULL,
	"floor" smallint DEFAULT 0 NOT NULL,
	"elevator_on_location" smallint DEFAULT 2 NOT NULL,
	"particularities" text DEFAULT '' NOT NULL,
	"i_fit_option" smallint,
	"personal_trainer_duration" smallint,
	"payment_frequency" smallint NOT NULL,
	"payment_method" smallint NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"purchase_price_cents" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"vat_percentage" smallint NOT NULL,
	"total_cents" integer NOT NULL,
	"platform_margin_cents" integer NOT NULL,
	"region_manager_margin_cents" integer NOT NULL,
	"gym_margin_cents" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"delivery_date" date,
	"search_text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_orders_status_check" CHECK ("product_orders"."status" between 0 and 4),
	CONSTRAINT "product_orders_quantity_check" CHECK ("product_orders"."quantity" between 1 and 100000),
	CONSTRAINT "product_orders_amounts_check" CHECK ("product_orders"."unit_price_cents" >= 0 and "product_orders"."total_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "insertion" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "house_number" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "zipcode" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "kvk_number" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "btw_number" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fitness_product_images" ADD CONSTRAINT "fitness_product_images_version_id_fitness_product_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."fitness_product_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_product_images" ADD CONSTRAINT "fitness_product_images_image_hash_files_hash_fk" FOREIGN KEY ("image_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_product_versions" ADD CONSTRAINT "fitness_product_versions_product_id_fitness_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fitness_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_product_versions" ADD CONSTRAINT "fitness_product_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_product_versions" ADD CONSTRAINT "fitness_product_versions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_products" ADD CONSTRAINT "fitness_products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_products" ADD CONSTRAINT "fitness_products_accepted_version_id_fitness_product_versions_id_fk" FOREIGN KEY ("accepted_version_id") REFERENCES "public"."fitness_product_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_products" ADD CONSTRAINT "fitness_products_pending_version_id_fitness_product_versions_id_fk" FOREIGN KEY ("pending_version_id") REFERENCES "public"."fitness_product_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_events" ADD CONSTRAINT "product_order_events_order_id_product_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."product_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_events" ADD CONSTRAINT "product_order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_product_id_fitness_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."fitness_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_product_version_id_fitness_product_versions_id_fk" FOREIGN KEY ("product_version_id") REFERENCES "public"."fitness_product_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fitness_product_images_version_order_unique" ON "fitness_product_images" USING btree ("version_id","order");--> statement-breakpoint
CREATE INDEX "fitness_product_versions_product_idx" ON "fitness_product_versions" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "fitness_product_versions_status_idx" ON "fitness_product_versions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "fitness_products_supplier_idx" ON "fitness_products" USING btree ("supplier_id","sort_name","id");--> statement-breakpoint
CREATE INDEX "fitness_products_name_idx" ON "fitness_products" USING btree ("sort_name","id");--> statement-breakpoint
CREATE INDEX "fitness_products_name_trgm_idx" ON "fitness_products" USING gin ("sort_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fitness_products_pending_idx" ON "fitness_products" USING btree ("pending_version_id") WHERE "fitness_products"."pending_version_id" is not null;--> statement-breakpoint
CREATE INDEX "product_order_events_order_idx" ON "product_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_orders_follow_number_unique" ON "product_orders" USING btree ("follow_number");--> statement-breakpoint
CREATE INDEX "product_orders_location_idx" ON "product_orders" USING btree ("location_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "product_orders_supplier_idx" ON "product_orders" USING btree ("supplier_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "product_orders_gym_idx" ON "product_orders" USING btree ("gym_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_orders_member_idx" ON "product_orders" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "product_orders_search_trgm_idx" ON "product_orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_status_name_idx" ON "suppliers" USING btree ("status",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "suppliers_created_idx" ON "suppliers" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_status_check" CHECK ("suppliers"."status" between 0 and 3);