-- The audit log holds ids only, and nothing may change or remove a row once written (issue 19).
-- 1. The owner sign-in's address moves out of the event data into its own column (read by the Owner only).
UPDATE "audit_log" SET "ip" = "meta" ->> 'ip' WHERE "meta" ->> 'ip' IS NOT NULL;
--> statement-breakpoint
-- 2. No names, e-mails or addresses in the event data: names are joined when the log is read.
UPDATE "audit_log"
SET "meta" = "meta" - 'ip' - 'memberName' - 'driverName' - 'authorName' - 'email'
WHERE "meta" ->> 'ip' IS NOT NULL
   OR "meta" ->> 'memberName' IS NOT NULL
   OR "meta" ->> 'driverName' IS NOT NULL
   OR "meta" ->> 'authorName' IS NOT NULL
   OR "meta" ->> 'email' IS NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" SET "meta" = "meta" - 'name'
WHERE "event_type" LIKE 'STICKER\_%' AND "meta" ->> 'name' IS NOT NULL;
--> statement-breakpoint
-- 3. An admin's status change names the order's driver at that moment: the driver of the latest earlier event of
-- the order's run (claimed, ETA, customer notified, delivered), unless the run ended before it (cancelled,
-- expired, or an admin put the order back in the queue). In one instant a claim follows the expiry it replaced.
UPDATE "audit_log" AS "target"
SET "meta" = "target"."meta" || jsonb_build_object('driverId', "found"."driver_id")
FROM (
  SELECT "change"."id", (
    SELECT CASE
             WHEN "step"."event_type" IN ('ORDER_CLAIMED', 'ETA_SUBMITTED', 'CUSTOMER_NOTIFIED', 'ORDER_DELIVERED')
             THEN "step"."meta" ->> 'driverId'
           END
    FROM "audit_log" AS "step"
    WHERE "step"."meta" ->> 'orderId' = "change"."meta" ->> 'orderId'
      AND "step"."created_at" < "change"."created_at"
      AND (
        "step"."event_type" IN (
          'ORDER_CLAIMED', 'ETA_SUBMITTED', 'CUSTOMER_NOTIFIED', 'ORDER_DELIVERED', 'RUN_CANCELLED', 'CLAIM_EXPIRED'
        )
        OR ("step"."event_type" = 'ORDER_STATUS_CHANGED' AND "step"."meta" ->> 'newStatus' = 'available')
      )
    ORDER BY "step"."created_at" DESC,
             "step"."event_type" IN ('ORDER_CLAIMED', 'ETA_SUBMITTED', 'CUSTOMER_NOTIFIED', 'ORDER_DELIVERED') DESC
    LIMIT 1
  ) AS "driver_id"
  FROM "audit_log" AS "change"
  WHERE "change"."event_type" = 'ORDER_STATUS_CHANGED' AND "change"."meta" ->> 'driverId' IS NULL
) AS "found"
WHERE "target"."id" = "found"."id" AND "found"."driver_id" IS NOT NULL;
--> statement-breakpoint
-- 4. Append-only: UPDATE, DELETE and TRUNCATE are refused. Retention is an operator's task (README, Audit Log):
-- it disables these triggers for the one statement that removes old rows.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
