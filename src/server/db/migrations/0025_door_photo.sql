ALTER TABLE "shop_order" ADD COLUMN "left_at_door_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "door_note" text;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "door_photo_key" text;--> statement-breakpoint
CREATE INDEX "shop_order_door_photo_idx" ON "shop_order" USING btree ("left_at_door_at") WHERE "shop_order"."door_photo_key" is not null;