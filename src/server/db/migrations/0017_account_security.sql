CREATE TABLE "sign_in_backoff" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "require_verified_email" boolean DEFAULT false NOT NULL;