ALTER TABLE "order_item" ADD COLUMN "stock_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "sticker" ADD COLUMN "stock35g" integer;--> statement-breakpoint
ALTER TABLE "sticker" ADD COLUMN "stock_oz" integer;--> statement-breakpoint
ALTER TABLE "sticker" ADD COLUMN "stock_lb" integer;--> statement-breakpoint
ALTER TABLE "sticker" ADD COLUMN "order_limit35g" integer;--> statement-breakpoint
ALTER TABLE "sticker" ADD COLUMN "order_limit_oz" integer;--> statement-breakpoint
ALTER TABLE "sticker" ADD COLUMN "order_limit_lb" integer;--> statement-breakpoint
ALTER TABLE "sticker" ADD COLUMN "daily_limit35g" integer;--> statement-breakpoint
ALTER TABLE "sticker" ADD COLUMN "daily_limit_oz" integer;--> statement-breakpoint
ALTER TABLE "sticker" ADD COLUMN "daily_limit_lb" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_low_stock_threshold" CHECK ("shop_settings"."low_stock_threshold" between 0 and 1000);--> statement-breakpoint
ALTER TABLE "sticker" ADD CONSTRAINT "sticker_stock_non_negative" CHECK ("sticker"."stock35g" >= 0 and "sticker"."stock_oz" >= 0 and "sticker"."stock_lb" >= 0);--> statement-breakpoint
ALTER TABLE "sticker" ADD CONSTRAINT "sticker_limits_positive" CHECK ("sticker"."order_limit35g" >= 1 and "sticker"."order_limit_oz" >= 1 and "sticker"."order_limit_lb" >= 1 and "sticker"."daily_limit35g" >= 1 and "sticker"."daily_limit_oz" >= 1 and "sticker"."daily_limit_lb" >= 1);