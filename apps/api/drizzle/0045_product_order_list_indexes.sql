CREATE INDEX "product_orders_location_created_idx" ON "product_orders" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_orders_supplier_created_idx" ON "product_orders" USING btree ("supplier_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_orders_created_idx" ON "product_orders" USING btree ("created_at","id");