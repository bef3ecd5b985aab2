CREATE TABLE "reward" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cost_coins" integer NOT NULL,
	"kind" text DEFAULT 'item' NOT NULL,
	"art" text DEFAULT 'gift' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_cost_positive" CHECK ("reward"."cost_coins" > 0)
);
--> statement-breakpoint
CREATE TABLE "reward_redemption" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reward_id" text NOT NULL,
	"title" text NOT NULL,
	"cost_coins" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" text,
	"note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reward_redemption_status_known" CHECK ("reward_redemption"."status" in ('requested', 'unused', 'in-cart', 'used', 'refused')),
	CONSTRAINT "reward_redemption_cost_positive" CHECK ("reward_redemption"."cost_coins" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "redemption_id" text;--> statement-breakpoint
ALTER TABLE "reward_redemption" ADD CONSTRAINT "reward_redemption_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemption" ADD CONSTRAINT "reward_redemption_reward_id_reward_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."reward"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemption" ADD CONSTRAINT "reward_redemption_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_redemption_idempotency_idx" ON "reward_redemption" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "reward_redemption_user_status_idx" ON "reward_redemption" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "reward_redemption_order_idx" ON "reward_redemption" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reward_redemption_requested_idx" ON "reward_redemption" USING btree ("created_at","id") WHERE "reward_redemption"."status" = 'requested';--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_redemption_id_reward_redemption_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."reward_redemption"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The spec's seven rewards (section 9), in every database: staff edit them in the Economy tab from here on.
INSERT INTO "reward" ("id", "title", "description", "cost_coins", "kind", "art", "needs_approval") VALUES
  ('reward-pre-roll', 'Pre-Roll', 'A pre-roll, added to your next order.', 63, 'item', 'pre-roll', false),
  ('reward-free-delivery', 'Free Delivery', 'Your next Delivery order''s fee is on us.', 100, 'free-delivery', 'delivery', false),
  ('reward-free-7th', 'Free 7th', 'A free 7th with your next order.', 175, 'item', 'gift', false),
  ('reward-half-oz', 'Half Oz', 'A half oz, added to your next order.', 250, 'item', 'leaf', false),
  ('reward-vape', 'Vape', 'A vape, added to your next order.', 500, 'item', 'vape', false),
  ('reward-cash-credit', '$100 Cash or Store Credit', '$100 in cash or store credit.', 2500, 'item', 'cash', true),
  ('reward-vegas-trip', '10-Day Vegas Trip', 'Ten days in Las Vegas, flight and hotel included.', 10000, 'item', 'trip', true);
