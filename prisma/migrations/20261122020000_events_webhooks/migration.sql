-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "project_id" UUID,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "events" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "failure_count" INTEGER NOT NULL DEFAULT 0,
    "max_failures" INTEGER NOT NULL DEFAULT 5,
    "last_success_at" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3),
    "secret_sealed" TEXT NOT NULL,
    "previous_secret_sealed" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_events" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "project_id" UUID,
    "message_id" UUID,
    "campaign_send_id" UUID,
    "type" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "send_mode" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "url" TEXT,
    "reason" TEXT,
    "source" TEXT NOT NULL,
    "provider_id" UUID,
    "dedupe_key" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "event_id" UUID,
    "event_type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMPTZ(3),
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "last_duration_ms" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" TEXT NOT NULL,
    "delivery_id" UUID NOT NULL,
    "attempt" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "response_body" TEXT,
    "error" TEXT,
    "succeeded" BOOLEAN NOT NULL,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "suppressions" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "message_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "suppressions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_endpoints_org_id_created_at_idx" ON "webhook_endpoints"("org_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "email_events_dedupe_key_key" ON "email_events"("dedupe_key");

-- CreateIndex
CREATE INDEX "email_events_org_id_occurred_at_idx" ON "email_events"("org_id", "occurred_at");

-- CreateIndex
CREATE INDEX "email_events_message_id_occurred_at_idx" ON "email_events"("message_id", "occurred_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_idx" ON "webhook_deliveries"("endpoint_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_attempt_idx" ON "webhook_attempts"("delivery_id", "attempt");

-- CreateIndex
CREATE UNIQUE INDEX "suppressions_org_id_email_key" ON "suppressions"("org_id", "email");

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "email_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- CreateTable
CREATE TABLE "scheduled_events" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "project_id" UUID,
    "message_id" UUID,
    "campaign_send_id" UUID,
    "type" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "send_mode" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "url" TEXT,
    "reason" TEXT,
    "source" TEXT NOT NULL,
    "provider_id" UUID,
    "dedupe_key" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "payload" TEXT NOT NULL,

    CONSTRAINT "scheduled_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "scheduled_events_dedupe_key_key" ON "scheduled_events"("dedupe_key");

-- CreateIndex
CREATE INDEX "scheduled_events_occurred_at_idx" ON "scheduled_events"("occurred_at");

-- Hand-written: states and shapes the schema language cannot say.
ALTER TABLE "webhook_endpoints" ALTER COLUMN "events" SET NOT NULL;
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_failures_check" CHECK ("failure_count" >= 0 AND "max_failures" > 0);
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_type_check" CHECK ("type" IN ('email.sent', 'email.delivered', 'email.deferred', 'email.dropped', 'email.bounced', 'email.opened', 'email.clicked', 'email.complained', 'email.unsubscribed'));
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_send_mode_check" CHECK ("send_mode" IN ('test', 'production'));
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_source_check" CHECK ("source" IN ('send', 'demo', 'provider', 'manual'));
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" IN ('pending', 'delivering', 'succeeded', 'failed', 'cancelled'));
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_reason_check" CHECK ("reason" IN ('bounce', 'complaint', 'unsubscribe', 'manual'));
-- The delivery runner's claim reads only unfinished rows in due order.
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" IN ('pending', 'delivering');
ALTER TABLE "scheduled_events" ADD CONSTRAINT "scheduled_events_type_check" CHECK ("type" IN ('email.sent', 'email.delivered', 'email.deferred', 'email.dropped', 'email.bounced', 'email.opened', 'email.clicked', 'email.complained', 'email.unsubscribed'));
