-- An organization may keep each kind of data for less time than the instance does
-- (docs/retention.md): null follows the instance's setting.
ALTER TABLE "organizations" ADD COLUMN "retention_events_days" INTEGER,
ADD COLUMN "retention_webhook_deliveries_days" INTEGER,
ADD COLUMN "retention_audit_days" INTEGER,
ADD COLUMN "retention_message_bodies_days" INTEGER;

ALTER TABLE "organizations" ADD CONSTRAINT "organizations_retention_days_check" CHECK (
  coalesce("retention_events_days", 1) BETWEEN 1 AND 36500
  AND coalesce("retention_webhook_deliveries_days", 1) BETWEEN 1 AND 36500
  AND coalesce("retention_audit_days", 1) BETWEEN 1 AND 36500
  AND coalesce("retention_message_bodies_days", 1) BETWEEN 1 AND 36500
);
