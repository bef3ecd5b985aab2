CREATE TABLE "weekly_coins" (
	"user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"coins" integer NOT NULL,
	CONSTRAINT "weekly_coins_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_coins" ADD CONSTRAINT "weekly_coins_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weekly_coins_board_idx" ON "weekly_coins" USING btree ("week_start","coins" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "user_unranked_idx" ON "user" USING btree ("id") WHERE "user"."banned" = true or "user"."roles" && array['Owner', 'Admin']::text[];
--> statement-breakpoint
-- This week so far, from the ledger (the days before this migration), counted as applyAward counts from now on.
INSERT INTO "weekly_coins" ("user_id", "week_start", "coins")
SELECT "user_id", (date_trunc('week', "created_at" AT TIME ZONE 'America/New_York'))::date, sum("delta_coins")
FROM "ledger_entry"
WHERE "reason" NOT IN ('redeem', 'redeem-refund', 'opening-balance') AND "created_at" > now() - interval '8 days'
GROUP BY 1, 2
HAVING sum("delta_coins") > 0;
