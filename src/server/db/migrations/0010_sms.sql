CREATE TABLE "sms_recipient" (
	"id" text PRIMARY KEY NOT NULL,
	"send_id" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"provider" text,
	"provider_message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_recipient_status" CHECK ("sms_recipient"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sms_send" (
	"id" text PRIMARY KEY NOT NULL,
	"created_by" text,
	"idempotency_key" text NOT NULL,
	"message" text NOT NULL,
	"segment" text NOT NULL,
	"recipient_count" integer NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "sms_send_status" CHECK ("sms_send"."status" in ('sending', 'sent', 'partial', 'failed')),
	CONSTRAINT "sms_send_message_length" CHECK (char_length("sms_send"."message") between 1 and 160)
);
--> statement-breakpoint
CREATE TABLE "sms_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"account_sid" text DEFAULT '' NOT NULL,
	"sender" text DEFAULT '' NOT NULL,
	"auth_token_encrypted" text,
	"auth_token_last4" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "sms_settings_single_row" CHECK ("sms_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "sms_daily_cap" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_recipient" ADD CONSTRAINT "sms_recipient_send_id_sms_send_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."sms_send"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_recipient" ADD CONSTRAINT "sms_recipient_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_send" ADD CONSTRAINT "sms_send_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_settings" ADD CONSTRAINT "sms_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_recipient_send_idx" ON "sms_recipient" USING btree ("send_id");--> statement-breakpoint
CREATE INDEX "sms_recipient_due_idx" ON "sms_recipient" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_send_idempotency_idx" ON "sms_send" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "sms_send_created_at_idx" ON "sms_send" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_sms_cap_non_negative" CHECK ("shop_settings"."sms_daily_cap" >= 0);