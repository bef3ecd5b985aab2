CREATE TABLE "member_cooldown" (
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_cooldown_user_id_action_pk" PRIMARY KEY("user_id","action")
);
--> statement-breakpoint
CREATE TABLE "order_item" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"sticker_id" text,
	"sticker_name" text NOT NULL,
	"size" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	CONSTRAINT "order_item_quantity_positive" CHECK ("order_item"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "pickup_location" (
	"name" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_order" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"user_phone" text NOT NULL,
	"user_address" text,
	"pickup_location" text NOT NULL,
	"delivery_method" text NOT NULL,
	"payment_method" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"delivery_fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_driver_id" text,
	"claimed_at" timestamp with time zone,
	"eta_minutes" integer,
	"eta_submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "shop_order_amounts_non_negative" CHECK ("shop_order"."subtotal_cents" >= 0 and "shop_order"."delivery_fee_cents" >= 0 and "shop_order"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"shop_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"delivery_fee_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_fee_non_negative" CHECK ("shop_settings"."delivery_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sticker" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"price35g_cents" integer DEFAULT 0 NOT NULL,
	"price_oz_cents" integer DEFAULT 0 NOT NULL,
	"price_lb_cents" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sticker_prices_non_negative" CHECK ("sticker"."price35g_cents" >= 0 and "sticker"."price_oz_cents" >= 0 and "sticker"."price_lb_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sticker_rating" (
	"id" text PRIMARY KEY NOT NULL,
	"sticker_id" text NOT NULL,
	"user_id" text NOT NULL,
	"smell" smallint NOT NULL,
	"taste" smallint NOT NULL,
	"high" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sticker_rating_range" CHECK ("sticker_rating"."smell" between 1 and 5 and "sticker_rating"."taste" between 1 and 5 and "sticker_rating"."high" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "member_cooldown" ADD CONSTRAINT "member_cooldown_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_order_id_shop_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_sticker_id_sticker_id_fk" FOREIGN KEY ("sticker_id") REFERENCES "public"."sticker"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order" ADD CONSTRAINT "shop_order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order" ADD CONSTRAINT "shop_order_assigned_driver_id_user_id_fk" FOREIGN KEY ("assigned_driver_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sticker_rating" ADD CONSTRAINT "sticker_rating_sticker_id_sticker_id_fk" FOREIGN KEY ("sticker_id") REFERENCES "public"."sticker"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sticker_rating" ADD CONSTRAINT "sticker_rating_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_order_idx" ON "order_item" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_order_idempotency_idx" ON "shop_order" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "shop_order_user_created_idx" ON "shop_order" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_order_status_created_idx" ON "shop_order" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sticker_rating_sticker_idx" ON "sticker_rating" USING btree ("sticker_id");