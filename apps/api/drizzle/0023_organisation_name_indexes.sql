CREATE INDEX "content_environments_list_name_idx" ON "content_environments" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "content_environments_name_trgm_idx" ON "content_environments" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_list_name_idx" ON "suppliers" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "suppliers_name_trgm_idx" ON "suppliers" USING gin ("name" gin_trgm_ops);