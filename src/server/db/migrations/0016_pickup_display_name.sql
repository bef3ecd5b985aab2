ALTER TABLE "shop_order" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Orders staff confirmed before this migration: the last time the audit log saw them set to confirmed, unless they
-- went back to the queue or to pending after it; an order confirmed now without such a row, when it last changed.
UPDATE "shop_order" SET "confirmed_at" = (
  SELECT max(a."created_at") FROM "audit_log" a
  WHERE a."event_type" = 'ORDER_STATUS_CHANGED' AND a."meta" ->> 'orderId' = "shop_order"."id"
    AND a."meta" ->> 'newStatus' = 'confirmed'
    AND NOT EXISTS (
      SELECT 1 FROM "audit_log" b
      WHERE b."event_type" = 'ORDER_STATUS_CHANGED' AND b."meta" ->> 'orderId' = "shop_order"."id"
        AND b."meta" ->> 'newStatus' IN ('available', 'pending') AND b."created_at" > a."created_at"
    )
);--> statement-breakpoint
UPDATE "shop_order" SET "confirmed_at" = "updated_at" WHERE "status" = 'confirmed' AND "confirmed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "pickup_location" ADD COLUMN "display_name" text;--> statement-breakpoint
-- Existing locations read as they did before: each word capitalised ('suitland md' is 'Suitland Md').
UPDATE "pickup_location" SET "display_name" = initcap("name");--> statement-breakpoint
ALTER TABLE "pickup_location" ALTER COLUMN "display_name" SET NOT NULL;
