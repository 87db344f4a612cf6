CREATE INDEX "challenge_templates_list_name_idx" ON "challenge_templates" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "employers_list_created_idx" ON "employers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gyms_list_name_idx" ON "gyms" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "gyms_list_created_idx" ON "gyms" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "locations_list_gym_name_idx" ON "locations" USING btree ("gym_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "picture_bank_items_list_name_idx" ON "picture_bank_items" USING btree (lower("file_name"),"id");--> statement-breakpoint
CREATE INDEX "picture_bank_items_list_created_idx" ON "picture_bank_items" USING btree ("created_at","id");