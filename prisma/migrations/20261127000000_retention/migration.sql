-- Retention (docs/retention.md): a scheduled job deletes old events, webhook deliveries and audit
-- entries and removes old message bodies in small batches. Each batch reads its rows oldest
-- first through an index, so no batch scans a table.

-- AlterTable
ALTER TABLE "inbound_messages" ADD COLUMN     "body_removed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "event_prune_marks" (
    "org_id" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "event_prune_marks_pkey" PRIMARY KEY ("org_id")
);

-- CreateIndex
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs"("created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");

-- Hand-written: partial indexes holding exactly the rows retention may still have to handle,
-- so a batch finds the oldest of them without passing over the rest.
CREATE INDEX "webhook_deliveries_finished_idx" ON "webhook_deliveries" ("created_at") WHERE "status" IN ('succeeded', 'failed', 'cancelled');
CREATE INDEX "scheduled_emails_body_retention_idx" ON "scheduled_emails" ("updated_at")
  WHERE "status" IN ('sent', 'failed', 'cancelled') AND "email_data" ?| ARRAY['html', 'text', 'attachments', 'calendar', 'variables'];
CREATE INDEX "inbound_messages_body_retention_idx" ON "inbound_messages" ("received_at") WHERE "body_removed_at" IS NULL AND "status" <> 'received';
