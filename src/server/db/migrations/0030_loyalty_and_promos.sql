CREATE TABLE "level_perk" (
	"from_level" integer PRIMARY KEY NOT NULL,
	"percent_off" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_perk_percent" CHECK ("level_perk"."percent_off" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "promo_code" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"min_order_cents" integer,
	"starts_on" date,
	"ends_on" date,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"once_per_member" boolean DEFAULT false NOT NULL,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_kind" CHECK ("promo_code"."kind" in ('percent', 'amount')),
	CONSTRAINT "promo_code_uses" CHECK ("promo_code"."uses" >= 0 and ("promo_code"."max_uses" is null or "promo_code"."uses" <= "promo_code"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "promo_use" (
	"order_id" text PRIMARY KEY NOT NULL,
	"promo_code_id" text NOT NULL,
	"user_id" text NOT NULL,
	"once_key" text,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_order" DROP CONSTRAINT "shop_order_amounts_non_negative";--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "perk_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "promo_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "purchase_coins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_use" ADD CONSTRAINT "promo_use_order_id_shop_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_use" ADD CONSTRAINT "promo_use_promo_code_id_promo_code_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_code"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_use" ADD CONSTRAINT "promo_use_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_code_idx" ON "promo_code" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_use_once_idx" ON "promo_use" USING btree ("promo_code_id","once_key");--> statement-breakpoint
CREATE INDEX "promo_use_user_idx" ON "promo_use" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "shop_order" ADD CONSTRAINT "shop_order_amounts_non_negative" CHECK ("shop_order"."subtotal_cents" >= 0 and "shop_order"."delivery_fee_cents" >= 0 and "shop_order"."total_cents" >= 0 and "shop_order"."store_credit_cents" >= 0 and "shop_order"."perk_cents" >= 0 and "shop_order"."promo_cents" >= 0 and "shop_order"."purchase_coins" >= 0);--> statement-breakpoint
-- A shop that upgrades keeps its economy as it was: spending earns coins only once staff set it (decision 042).
-- A fresh install has no members yet while it migrates, and keeps the defaults (1 coin per dollar, welcome coins).
INSERT INTO "economy_setting" ("key", "value") SELECT 'coinsPerDollar', 0 WHERE EXISTS (SELECT 1 FROM "user") ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
INSERT INTO "economy_setting" ("key", "value") SELECT 'welcomeCoins', 0 WHERE EXISTS (SELECT 1 FROM "user") ON CONFLICT ("key") DO NOTHING;
