CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_telegram_trgm_idx" ON "user" USING gin ("telegram" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shop_order_created_idx" ON "shop_order" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shop_order_active_idx" ON "shop_order" USING btree ("created_at","id") WHERE "shop_order"."status" not in ('completed', 'cancelled');--> statement-breakpoint
CREATE INDEX "shop_order_driver_idx" ON "shop_order" USING btree ("assigned_driver_id","status","completed_at","id");