CREATE TABLE "data_export" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"storage_key" text,
	"size_bytes" integer,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_export_status" CHECK ("data_export"."status" in ('pending', 'building', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "erased_identity" (
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	CONSTRAINT "erased_identity_kind_hash_pk" PRIMARY KEY("kind","hash"),
	CONSTRAINT "erased_identity_kind" CHECK ("erased_identity"."kind" in ('email', 'phone'))
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_export" ADD CONSTRAINT "data_export_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_export_user_idx" ON "data_export" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "data_export_due_idx" ON "data_export" USING btree ("status","created_at");