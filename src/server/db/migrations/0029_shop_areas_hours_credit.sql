CREATE TABLE "store_credit_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"delta_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entry_reason" CHECK ("store_credit_entry"."reason" in ('reward', 'order', 'order-refund')),
	CONSTRAINT "store_credit_entry_delta_nonzero" CHECK ("store_credit_entry"."delta_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_area" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"minimum_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_area_amounts" CHECK ("delivery_area"."fee_cents" >= 0 and "delivery_area"."minimum_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_area_zip" (
	"zip" text PRIMARY KEY NOT NULL,
	"area_id" text NOT NULL,
	CONSTRAINT "delivery_area_zip_five_digits" CHECK ("delivery_area_zip"."zip" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "delivery_hours" (
	"weekday" smallint PRIMARY KEY NOT NULL,
	"opens_at" smallint NOT NULL,
	"closes_at" smallint NOT NULL,
	CONSTRAINT "delivery_hours_weekday" CHECK ("delivery_hours"."weekday" between 1 and 7),
	CONSTRAINT "delivery_hours_window" CHECK (0 <= "delivery_hours"."opens_at" and "delivery_hours"."opens_at" < "delivery_hours"."closes_at" and "delivery_hours"."closes_at" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "shop_order" DROP CONSTRAINT "shop_order_amounts_non_negative";--> statement-breakpoint
ALTER TABLE "reward_redemption" DROP CONSTRAINT "reward_redemption_status_known";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "store_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "store_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "delivery_zip" text;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "delivery_area_name" text;--> statement-breakpoint
ALTER TABLE "reward" ADD COLUMN "credit_cents" integer;--> statement-breakpoint
ALTER TABLE "reward_redemption" ADD COLUMN "credit_cents" integer;--> statement-breakpoint
ALTER TABLE "store_credit_entry" ADD CONSTRAINT "store_credit_entry_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entry" ADD CONSTRAINT "store_credit_entry_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_area_zip" ADD CONSTRAINT "delivery_area_zip_area_id_delivery_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."delivery_area"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_entry_cause_idx" ON "store_credit_entry" USING btree ("reason","reference");--> statement-breakpoint
CREATE INDEX "store_credit_entry_user_idx" ON "store_credit_entry" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_area_name_idx" ON "delivery_area" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "delivery_area_zip_area_idx" ON "delivery_area_zip" USING btree ("area_id");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_store_credit_non_negative" CHECK ("user"."store_credit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "shop_order" ADD CONSTRAINT "shop_order_amounts_non_negative" CHECK ("shop_order"."subtotal_cents" >= 0 and "shop_order"."delivery_fee_cents" >= 0 and "shop_order"."total_cents" >= 0 and "shop_order"."store_credit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "reward" ADD CONSTRAINT "reward_credit_positive" CHECK ("reward"."credit_cents" > 0);--> statement-breakpoint
ALTER TABLE "reward_redemption" ADD CONSTRAINT "reward_redemption_status_known" CHECK ("reward_redemption"."status" in ('requested', 'unused', 'in-cart', 'used', 'refused', 'credited'));--> statement-breakpoint
-- The "$100 Cash or Store Credit" reward is worth $100 of store credit; its redemptions carry that worth, so staff may convert one.
UPDATE "reward" SET "credit_cents" = 10000 WHERE "id" = 'reward-cash-credit';--> statement-breakpoint
UPDATE "reward_redemption" SET "credit_cents" = 10000 WHERE "reward_id" = 'reward-cash-credit';
