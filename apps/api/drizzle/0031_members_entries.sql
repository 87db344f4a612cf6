CREATE TABLE "entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"membership_id" integer,
	"entry_at" timestamp with time zone NOT NULL,
	"exit_at" timestamp with time zone,
	"source" smallint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entries_exit_after_entry" CHECK ("entries"."exit_at" is null or "entries"."exit_at" >= "entries"."entry_at")
);
--> statement-breakpoint
CREATE TABLE "entry_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entry_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"membership_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"approved_entry_id" bigint,
	"approved_by" integer
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"insertion" text,
	"last_name" text NOT NULL,
	"email" text,
	"phone_number" text,
	"gender" smallint,
	"date_of_birth" date,
	"street" text,
	"house_number" text,
	"postal_code" text,
	"city" text,
	"home_location_id" integer,
	"registration_completed" boolean DEFAULT true NOT NULL,
	"iban" text,
	"account_holder" text,
	"mandate_reference" text,
	"mandate_signed_on" date,
	"last_entry_at" timestamp with time zone,
	"non_active_from" timestamp with time zone,
	"sleeping_from" timestamp with time zone,
	"anonymised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sort_name" text GENERATED ALWAYS AS (lower("last_name" || ' ' || "first_name" || coalesce(' ' || "insertion", ''))) STORED NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("first_name" || coalesce(' ' || "insertion", '') || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || coalesce("postal_code", '') || ' ' || coalesce(replace("postal_code", ' ', ''), ''))) STORED NOT NULL,
	CONSTRAINT "members_gender" CHECK ("members"."gender" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "membership_pauses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_pauses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"membership_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_pauses_dates" CHECK ("membership_pauses"."to_date" >= "membership_pauses"."from_date")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gym_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_dates" CHECK ("memberships"."end_date" is null or "memberships"."end_date" >= "memberships"."start_date")
);
--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_attempts" ADD CONSTRAINT "entry_attempts_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_attempts" ADD CONSTRAINT "entry_attempts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_attempts" ADD CONSTRAINT "entry_attempts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_attempts" ADD CONSTRAINT "entry_attempts_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_attempts" ADD CONSTRAINT "entry_attempts_approved_entry_id_entries_id_fk" FOREIGN KEY ("approved_entry_id") REFERENCES "public"."entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_attempts" ADD CONSTRAINT "entry_attempts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_home_location_id_locations_id_fk" FOREIGN KEY ("home_location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_pauses" ADD CONSTRAINT "membership_pauses_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_variant_id_subscription_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."subscription_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entries_location_entry_idx" ON "entries" USING btree ("location_id","entry_at","id");--> statement-breakpoint
CREATE INDEX "entries_member_entry_idx" ON "entries" USING btree ("member_id","entry_at","id");--> statement-breakpoint
CREATE INDEX "entries_membership_entry_idx" ON "entries" USING btree ("membership_id","entry_at");--> statement-breakpoint
CREATE INDEX "entries_inside_idx" ON "entries" USING btree ("location_id","entry_at") WHERE "entries"."exit_at" is null;--> statement-breakpoint
CREATE INDEX "entry_attempts_location_at_idx" ON "entry_attempts" USING btree ("location_id","at","id");--> statement-breakpoint
CREATE INDEX "entry_attempts_open_idx" ON "entry_attempts" USING btree ("location_id","at","id") WHERE "entry_attempts"."approved_entry_id" is null;--> statement-breakpoint
CREATE INDEX "entry_attempts_member_idx" ON "entry_attempts" USING btree ("member_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_gym_email_unique" ON "members" USING btree ("gym_id",lower("email")) WHERE "members"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "members_gym_user_unique" ON "members" USING btree ("gym_id","user_id") WHERE "members"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "members_gym_sort_name_idx" ON "members" USING btree ("gym_id","sort_name","id");--> statement-breakpoint
CREATE INDEX "members_gym_last_entry_idx" ON "members" USING btree ("gym_id","last_entry_at","id");--> statement-breakpoint
CREATE INDEX "members_gym_created_idx" ON "members" USING btree ("gym_id","created_at","id");--> statement-breakpoint
CREATE INDEX "members_gym_postal_code_idx" ON "members" USING btree ("gym_id","postal_code","id");--> statement-breakpoint
CREATE INDEX "members_gym_non_active_idx" ON "members" USING btree ("gym_id","non_active_from");--> statement-breakpoint
CREATE INDEX "members_gym_sleeping_idx" ON "members" USING btree ("gym_id","sleeping_from");--> statement-breakpoint
CREATE INDEX "members_home_location_idx" ON "members" USING btree ("home_location_id","sort_name","id");--> statement-breakpoint
CREATE INDEX "members_open_registration_idx" ON "members" USING btree ("gym_id","created_at","id") WHERE not "members"."registration_completed";--> statement-breakpoint
CREATE INDEX "members_search_idx" ON "members" USING gin ("gym_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "membership_pauses_membership_idx" ON "membership_pauses" USING btree ("membership_id","from_date");--> statement-breakpoint
CREATE INDEX "memberships_member_idx" ON "memberships" USING btree ("member_id","start_date");--> statement-breakpoint
CREATE INDEX "memberships_location_member_idx" ON "memberships" USING btree ("location_id","member_id");--> statement-breakpoint
CREATE INDEX "memberships_subscription_idx" ON "memberships" USING btree ("subscription_id","start_date","id");--> statement-breakpoint
CREATE INDEX "memberships_variant_idx" ON "memberships" USING btree ("variant_id");--> statement-breakpoint
-- The member status without a nightly job (decision 014). A member's entries keep `last_entry_at`; the
-- member's row keeps the instants from which it is Non-active and Sleeping: its latest entry (or, without
-- one, when it became a member) plus the days of absence its main location requires (null: never).
CREATE FUNCTION members_status_instants() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  non_active_days integer;
  sleeping_days integer;
  since timestamptz := coalesce(NEW.last_entry_at, NEW.created_at);
BEGIN
  SELECT max(required_days_of_absence) FILTER (WHERE member_status = 1),
         max(required_days_of_absence) FILTER (WHERE member_status = 2)
    INTO non_active_days, sleeping_days
    FROM location_status_requirements WHERE location_id = NEW.home_location_id;
  NEW.non_active_from := since + make_interval(days => non_active_days);
  NEW.sleeping_from := since + make_interval(days => sleeping_days);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER members_status_instants BEFORE INSERT OR UPDATE OF last_entry_at, home_location_id, created_at ON members
  FOR EACH ROW EXECUTE FUNCTION members_status_instants();--> statement-breakpoint
-- A new entry moves the latest entry forward; a changed or deleted one recounts it from the member's index.
CREATE FUNCTION entries_last_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE members SET last_entry_at = NEW.entry_at
      WHERE id = NEW.member_id AND (last_entry_at IS NULL OR last_entry_at < NEW.entry_at);
    RETURN NULL;
  END IF;
  UPDATE members SET last_entry_at = (SELECT max(entry_at) FROM entries WHERE member_id = OLD.member_id)
    WHERE id = OLD.member_id;
  IF TG_OP = 'UPDATE' AND NEW.member_id <> OLD.member_id THEN
    UPDATE members SET last_entry_at = (SELECT max(entry_at) FROM entries WHERE member_id = NEW.member_id)
      WHERE id = NEW.member_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER entries_last_entry_insert AFTER INSERT ON entries
  FOR EACH ROW EXECUTE FUNCTION entries_last_entry();--> statement-breakpoint
CREATE TRIGGER entries_last_entry_change AFTER UPDATE OF entry_at, member_id OR DELETE ON entries
  FOR EACH ROW EXECUTE FUNCTION entries_last_entry();--> statement-breakpoint
-- A location's changed requirements recompute its members' instants (one pass per statement: the save
-- deletes and inserts the location's rows).
CREATE FUNCTION location_status_requirements_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members SET home_location_id = home_location_id
    WHERE home_location_id IN (SELECT DISTINCT location_id FROM new_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION location_status_requirements_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members SET home_location_id = home_location_id
    WHERE home_location_id IN (SELECT DISTINCT location_id FROM old_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER location_status_requirements_insert AFTER INSERT ON location_status_requirements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION location_status_requirements_new();--> statement-breakpoint
CREATE TRIGGER location_status_requirements_update AFTER UPDATE ON location_status_requirements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION location_status_requirements_new();--> statement-breakpoint
CREATE TRIGGER location_status_requirements_delete AFTER DELETE ON location_status_requirements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION location_status_requirements_old();
