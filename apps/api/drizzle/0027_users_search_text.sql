-- The users' search text stored (decision 009, "A search reads its matches once"): a search's recheck of
-- its matches reads the column instead of lower-casing name and e-mail again for each (4,366 users named
-- "jansen" at the benchmark's scale: the page and counts took 21 ms with the expression, 9 ms stored).
-- The trigram index moves to the column. Adding it rewrites the table (20 s for a million users).
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("first_name" || coalesce(' ' || "insertion", '') || ' ' || "last_name" || ' ' || "email")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops) WHERE "users"."deleted_at" is null;