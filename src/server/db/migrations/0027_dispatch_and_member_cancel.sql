ALTER TABLE "shop_order" ADD COLUMN "assigned_by_id" text;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "cancelled_by_member_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_order" ADD CONSTRAINT "shop_order_assigned_by_id_user_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;