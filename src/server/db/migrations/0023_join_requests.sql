CREATE TABLE "join_request" (
	"user_id" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decline_reason" text,
	"contact_erased_at" timestamp with time zone,
	"id_photo_key" text,
	"birth_date_sealed" text,
	"id_submitted_at" timestamp with time zone,
	"id_checked_by" text,
	"id_checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_join_mode";--> statement-breakpoint
DROP INDEX "user_leaderboard_idx";--> statement-breakpoint
DROP INDEX "user_unranked_idx";--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "ask_again_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "id_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "join_request" ADD CONSTRAINT "join_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_request" ADD CONSTRAINT "join_request_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_request" ADD CONSTRAINT "join_request_id_checked_by_user_id_fk" FOREIGN KEY ("id_checked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "join_request_requested_idx" ON "join_request" USING btree ("requested_at","user_id");--> statement-breakpoint
CREATE INDEX "user_leaderboard_idx" ON "user" USING btree ("exotic_coins" DESC NULLS LAST,"created_at","id") WHERE "user"."banned" = false and "user"."status" = 'approved' and not ("user"."roles" && array['Owner', 'Admin']::text[]);--> statement-breakpoint
CREATE INDEX "user_unranked_idx" ON "user" USING btree ("id") WHERE "user"."banned" = true or "user"."status" <> 'approved' or "user"."roles" && array['Owner', 'Admin']::text[];--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_status" CHECK ("user"."status" in ('approved', 'pending', 'declined'));--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_ask_again_days" CHECK ("shop_settings"."ask_again_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_join_mode" CHECK ("shop_settings"."join_mode" in ('open', 'referral', 'approval', 'referral-approval'));