-- CreateTable
CREATE TABLE "domains" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "inbound_enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "domains_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbound_rules" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "priority" INTEGER NOT NULL DEFAULT 100,
    "is_enabled" BOOLEAN NOT NULL DEFAULT true,
    "conditions" JSONB NOT NULL,
    "actions" JSONB NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "inbound_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbound_messages" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "provider_id" UUID,
    "dedupe_key" TEXT,
    "status" TEXT NOT NULL DEFAULT 'received',
    "in_inbox" BOOLEAN NOT NULL DEFAULT false,
    "message_id_header" TEXT,
    "from_address" TEXT,
    "from_name" TEXT NOT NULL DEFAULT '',
    "to_addresses" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "cc_addresses" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "reply_to" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "envelope_to" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "envelope_from" TEXT,
    "subject" TEXT NOT NULL DEFAULT '',
    "text" TEXT,
    "html" TEXT,
    "headers" JSONB NOT NULL DEFAULT '[]',
    "size" INTEGER NOT NULL,
    "in_reply_to" TEXT,
    "references" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sent_at" TIMESTAMPTZ(3),
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "rule_results" JSONB NOT NULL DEFAULT '[]',
    "processed_at" TIMESTAMPTZ(3),
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbound_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbound_attachments" (
    "id" UUID NOT NULL,
    "inbound_message_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "content_id" TEXT,
    "content" BYTEA NOT NULL,

    CONSTRAINT "inbound_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "domains_name_key" ON "domains"("name");

-- CreateIndex
CREATE INDEX "domains_org_id_created_at_idx" ON "domains"("org_id", "created_at");

-- CreateIndex
CREATE INDEX "inbound_rules_org_id_priority_created_at_idx" ON "inbound_rules"("org_id", "priority", "created_at");

-- CreateIndex
CREATE INDEX "inbound_messages_org_id_received_at_idx" ON "inbound_messages"("org_id", "received_at");

-- CreateIndex
CREATE INDEX "inbound_messages_org_id_in_inbox_received_at_idx" ON "inbound_messages"("org_id", "in_inbox", "received_at");

-- CreateIndex
CREATE UNIQUE INDEX "inbound_messages_org_id_dedupe_key_key" ON "inbound_messages"("org_id", "dedupe_key");

-- CreateIndex
CREATE UNIQUE INDEX "inbound_attachments_inbound_message_id_position_key" ON "inbound_attachments"("inbound_message_id", "position");

-- AddForeignKey
ALTER TABLE "domains" ADD CONSTRAINT "domains_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_rules" ADD CONSTRAINT "inbound_rules_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inbound_attachments" ADD CONSTRAINT "inbound_attachments_inbound_message_id_fkey" FOREIGN KEY ("inbound_message_id") REFERENCES "inbound_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- Checks
ALTER TABLE "domains" ADD CONSTRAINT "domains_name_lower" CHECK ("name" = lower("name") AND "name" <> '');
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_status_check" CHECK ("status" IN ('received', 'processed', 'dropped', 'failed'));
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_source_check" CHECK ("source" IN ('smtp', 'sendgrid', 'mailgun', 'postmark', 'ses'));
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_size_check" CHECK ("size" >= 0);
