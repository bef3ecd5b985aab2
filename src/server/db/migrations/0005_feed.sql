-- The feed's search: ILIKE '%text%' through trigram indexes (PGlite loads pg_trgm in src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "feed_comment" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_comment_content_length" CHECK (char_length("feed_comment"."content") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "feed_like" (
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_like_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "feed_media_upload" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"media_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_media_upload_storageKey_unique" UNIQUE("storage_key"),
	CONSTRAINT "feed_media_upload_type" CHECK ("feed_media_upload"."media_type" in ('image', 'video'))
);
--> statement-breakpoint
CREATE TABLE "feed_post" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"media_url" text,
	"media_type" text,
	"media_width" integer,
	"media_height" integer,
	"pinned" boolean DEFAULT false NOT NULL,
	"pinned_at" timestamp with time zone,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_post_content_length" CHECK (char_length("feed_post"."content") <= 2000),
	CONSTRAINT "feed_post_has_content" CHECK (char_length("feed_post"."content") > 0 or "feed_post"."media_url" is not null),
	CONSTRAINT "feed_post_media_type" CHECK ("feed_post"."media_type" is null or "feed_post"."media_type" in ('image', 'video')),
	CONSTRAINT "feed_post_counts_non_negative" CHECK ("feed_post"."like_count" >= 0 and "feed_post"."comment_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "feed_report" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"comment_id" text,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" text,
	CONSTRAINT "feed_report_reason" CHECK ("feed_report"."reason" in ('spam', 'harassment', 'illegal', 'other')),
	CONSTRAINT "feed_report_details_length" CHECK (char_length("feed_report"."details") <= 500)
);
--> statement-breakpoint
ALTER TABLE "feed_comment" ADD CONSTRAINT "feed_comment_post_id_feed_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_comment" ADD CONSTRAINT "feed_comment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_like" ADD CONSTRAINT "feed_like_post_id_feed_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_like" ADD CONSTRAINT "feed_like_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_media_upload" ADD CONSTRAINT "feed_media_upload_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_post" ADD CONSTRAINT "feed_post_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_report" ADD CONSTRAINT "feed_report_post_id_feed_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_report" ADD CONSTRAINT "feed_report_comment_id_feed_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."feed_comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_report" ADD CONSTRAINT "feed_report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_report" ADD CONSTRAINT "feed_report_dismissed_by_user_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_comment_post_idx" ON "feed_comment" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "feed_comment_user_idx" ON "feed_comment" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feed_like_user_idx" ON "feed_like" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feed_media_upload_created_idx" ON "feed_media_upload" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feed_post_page_idx" ON "feed_post" USING btree ("pinned","created_at","id");--> statement-breakpoint
CREATE INDEX "feed_post_user_idx" ON "feed_post" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feed_post_content_trgm_idx" ON "feed_post" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "feed_report_post_once_idx" ON "feed_report" USING btree ("reporter_id","post_id") WHERE "feed_report"."comment_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_report_comment_once_idx" ON "feed_report" USING btree ("reporter_id","comment_id") WHERE "feed_report"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "feed_report_open_idx" ON "feed_report" USING btree ("dismissed_at","created_at");--> statement-breakpoint
CREATE INDEX "feed_report_post_idx" ON "feed_report" USING btree ("post_id");--> statement-breakpoint
-- Search by author name (written by hand: the user table belongs to the accounts schema).
CREATE INDEX IF NOT EXISTS "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);
