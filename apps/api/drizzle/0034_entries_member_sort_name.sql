-- A location's entries by the member's name, and searched by it, from the entries' own index (decision 014):
-- the member's sort name is copied onto each entry, kept by triggers, and the last column of the index a
-- location's entries are walked by. At the benchmark's location (2,600 entries a day, 20,000,000 in all), a
-- day's entries by name read a member each (125 ms); from the index, 2,600 index entries sorted in memory.
DROP INDEX "entries_location_entry_idx";--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "member_sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "entries" e SET "member_sort_name" = m."sort_name" FROM "members" m WHERE m."id" = e."member_id";--> statement-breakpoint
CREATE INDEX "entries_location_entry_idx" ON "entries" USING btree ("location_id","entry_at","id","member_sort_name");--> statement-breakpoint
-- A new entry without the name (the check-in writes it itself), or one moved to another member, takes its
-- member's sort name. Whoever writes an entry holds a lock on the member (the desk and the check-in
-- FOR NO KEY UPDATE), so a rename waits for it and then renames its entries, this one too.
CREATE FUNCTION "entries_member_sort_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT m."sort_name" INTO NEW."member_sort_name" FROM "members" m WHERE m."id" = NEW."member_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "entries_member_sort_name_insert" BEFORE INSERT ON "entries"
  FOR EACH ROW WHEN (NEW."member_sort_name" = '') EXECUTE FUNCTION "entries_member_sort_name"();--> statement-breakpoint
CREATE TRIGGER "entries_member_sort_name_update" BEFORE UPDATE OF "member_id" ON "entries"
  FOR EACH ROW EXECUTE FUNCTION "entries_member_sort_name"();--> statement-breakpoint
-- A member renamed (or anonymised: the name becomes empty) renames their entries. Only a write of the name's
-- columns that changes the sort name fires it: a check-in's update of the member does not.
CREATE FUNCTION "members_entries_sort_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "entries" SET "member_sort_name" = NEW."sort_name" WHERE "member_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_entries_sort_name" AFTER UPDATE OF "first_name", "insertion", "last_name" ON "members"
  FOR EACH ROW WHEN (OLD."sort_name" IS DISTINCT FROM NEW."sort_name")
  EXECUTE FUNCTION "members_entries_sort_name"();
