CREATE UNIQUE INDEX "employers_name_unique" ON "employers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "employers_name_trgm_idx" ON "employers" USING gin ("name" gin_trgm_ops);