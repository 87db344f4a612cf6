CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower("first_name" || coalesce(' ' || "insertion", '') || ' ' || "last_name" || ' ' || "email") gin_trgm_ops) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_name_idx" ON "users" USING btree (lower("last_name"),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_email_idx" ON "users" USING btree (lower("email"),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_role_idx" ON "users" USING btree ("role","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_role_name_idx" ON "users" USING btree ("role",lower("last_name"),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_role_email_idx" ON "users" USING btree ("role",lower("email"),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_list_role_created_idx" ON "users" USING btree ("role","created_at","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree (lower("first_name" || coalesce(' ' || "insertion", '') || ' ' || "last_name"),"id") WHERE "users"."deleted_at" is null;