-- CreateTable
CREATE TABLE "messages" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "project_id" UUID,
    "api_key_id" UUID,
    "user_id" UUID,
    "from_address" TEXT NOT NULL,
    "to" TEXT[],
    "cc" TEXT[],
    "bcc" TEXT[],
    "subject" TEXT NOT NULL,
    "email_type" TEXT NOT NULL DEFAULT 'transactional',
    "priority" TEXT NOT NULL DEFAULT 'normal',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "send_mode" TEXT NOT NULL,
    "provider_id" UUID,
    "provider_name" TEXT,
    "provider_message_id" TEXT,
    "message_id_header" TEXT NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test_lists" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "emails" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "test_lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "send_counters" (
    "org_id" UUID NOT NULL,
    "month" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "send_counters_pkey" PRIMARY KEY ("org_id","month")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "org_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("org_id","key")
);

-- CreateIndex
CREATE INDEX "messages_org_id_created_at_idx" ON "messages"("org_id", "created_at");

-- CreateIndex
CREATE INDEX "messages_provider_message_id_idx" ON "messages"("provider_message_id");

-- CreateIndex
CREATE INDEX "test_lists_org_id_idx" ON "test_lists"("org_id");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "test_lists" ADD CONSTRAINT "test_lists_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Closed value sets.
ALTER TABLE "messages" ADD CONSTRAINT "messages_status_check" CHECK ("status" IN ('queued', 'sent', 'failed'));
ALTER TABLE "messages" ADD CONSTRAINT "messages_send_mode_check" CHECK ("send_mode" IN ('test', 'production'));
ALTER TABLE "messages" ADD CONSTRAINT "messages_email_type_check" CHECK ("email_type" IN ('transactional', 'marketing'));
ALTER TABLE "messages" ADD CONSTRAINT "messages_priority_check" CHECK ("priority" IN ('low', 'normal', 'high'));
