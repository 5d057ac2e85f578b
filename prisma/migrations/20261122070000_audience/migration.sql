-- AlterTable
ALTER TABLE "domains" ADD COLUMN     "checks" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "dkim_private_key_sealed" TEXT,
ADD COLUMN     "dkim_public_key" TEXT,
ADD COLUMN     "dkim_selector" TEXT,
ADD COLUMN     "last_checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "next_check_at" TIMESTAMPTZ(3),
ADD COLUMN     "return_path_host" TEXT,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'pending',
ADD COLUMN     "verified_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "event_rollups" DROP CONSTRAINT "event_rollups_pkey",
ADD COLUMN     "use_case_id" UUID NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
ADD CONSTRAINT "event_rollups_pkey" PRIMARY KEY ("org_id", "hour", "project_id", "provider", "type", "reason", "use_case_id");

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "campaign_send_id" UUID;

-- CreateTable
CREATE TABLE "contacts" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "properties" JSONB NOT NULL DEFAULT '{}',
    "subscription_status" TEXT NOT NULL DEFAULT 'subscribed',
    "unsubscribed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_properties" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_properties_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_lists" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contact_lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_list_members" (
    "list_id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_list_members_pkey" PRIMARY KEY ("list_id","contact_id")
);

-- CreateTable
CREATE TABLE "contact_imports" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "list_id" UUID,
    "status" TEXT NOT NULL DEFAULT 'running',
    "rows" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "contact_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_import_errors" (
    "import_id" UUID NOT NULL,
    "line" INTEGER NOT NULL,
    "email" TEXT,
    "message" TEXT NOT NULL,

    CONSTRAINT "contact_import_errors_pkey" PRIMARY KEY ("import_id","line")
);

-- CreateTable
CREATE TABLE "senders" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "domain_id" UUID,
    "confirmed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "senders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaigns" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "list_id" UUID,
    "sender_id" UUID,
    "subject" TEXT NOT NULL DEFAULT '',
    "html" TEXT,
    "text" TEXT,
    "template_id" UUID,
    "template_version" INTEGER,
    "use_case_id" UUID,
    "scheduled_at" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_sends" (
    "id" UUID NOT NULL,
    "campaign_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "contact_id" UUID,
    "email" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "message_id" UUID,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimed_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_sends_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sequences" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "trigger_list_id" UUID,
    "sender_id" UUID,
    "use_case_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sequences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sequence_steps" (
    "id" UUID NOT NULL,
    "sequence_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "delay_seconds" INTEGER NOT NULL,
    "template_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sequence_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sequence_enrolments" (
    "id" UUID NOT NULL,
    "sequence_id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "exit_reason" TEXT,
    "next_step" INTEGER NOT NULL DEFAULT 0,
    "next_run_at" TIMESTAMPTZ(3),
    "source" TEXT NOT NULL DEFAULT 'api',
    "enrolled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "sequence_enrolments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sequence_step_sends" (
    "id" UUID NOT NULL,
    "enrolment_id" UUID NOT NULL,
    "step_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'sending',
    "message_id" UUID,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "sequence_step_sends_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "contacts_org_id_created_at_idx" ON "contacts"("org_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "contacts_org_id_email_key" ON "contacts"("org_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "contact_properties_org_id_key_key" ON "contact_properties"("org_id", "key");

-- CreateIndex
CREATE INDEX "contact_lists_org_id_created_at_idx" ON "contact_lists"("org_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "contact_lists_org_id_name_key" ON "contact_lists"("org_id", "name");

-- CreateIndex
CREATE INDEX "contact_list_members_contact_id_idx" ON "contact_list_members"("contact_id");

-- CreateIndex
CREATE INDEX "contact_imports_org_id_created_at_idx" ON "contact_imports"("org_id", "created_at");

-- CreateIndex
CREATE INDEX "senders_org_id_created_at_idx" ON "senders"("org_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "senders_org_id_email_key" ON "senders"("org_id", "email");

-- CreateIndex
CREATE INDEX "campaigns_org_id_created_at_idx" ON "campaigns"("org_id", "created_at");

-- CreateIndex
CREATE INDEX "campaign_sends_campaign_id_status_idx" ON "campaign_sends"("campaign_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_sends_campaign_id_email_key" ON "campaign_sends"("campaign_id", "email");

-- CreateIndex
CREATE INDEX "sequences_org_id_created_at_idx" ON "sequences"("org_id", "created_at");

-- CreateIndex
CREATE INDEX "sequences_trigger_list_id_idx" ON "sequences"("trigger_list_id");

-- CreateIndex
CREATE UNIQUE INDEX "sequences_org_id_name_key" ON "sequences"("org_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "sequence_steps_sequence_id_position_key" ON "sequence_steps"("sequence_id", "position");

-- CreateIndex
CREATE INDEX "sequence_enrolments_status_next_run_at_idx" ON "sequence_enrolments"("status", "next_run_at");

-- CreateIndex
CREATE UNIQUE INDEX "sequence_enrolments_sequence_id_contact_id_key" ON "sequence_enrolments"("sequence_id", "contact_id");

-- CreateIndex
CREATE INDEX "sequence_step_sends_step_id_status_idx" ON "sequence_step_sends"("step_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "sequence_step_sends_enrolment_id_step_id_key" ON "sequence_step_sends"("enrolment_id", "step_id");

-- CreateIndex
CREATE INDEX "domains_next_check_at_idx" ON "domains"("next_check_at");

-- CreateIndex
CREATE INDEX "email_events_campaign_send_id_idx" ON "email_events"("campaign_send_id");

-- CreateIndex
CREATE UNIQUE INDEX "messages_campaign_send_id_key" ON "messages"("campaign_send_id");

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_properties" ADD CONSTRAINT "contact_properties_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "contact_lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_import_errors" ADD CONSTRAINT "contact_import_errors_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "contact_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "senders" ADD CONSTRAINT "senders_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "senders" ADD CONSTRAINT "senders_domain_id_fkey" FOREIGN KEY ("domain_id") REFERENCES "domains"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_list_id_fkey" FOREIGN KEY ("list_id") REFERENCES "contact_lists"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_sender_id_fkey" FOREIGN KEY ("sender_id") REFERENCES "senders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_trigger_list_id_fkey" FOREIGN KEY ("trigger_list_id") REFERENCES "contact_lists"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_sender_id_fkey" FOREIGN KEY ("sender_id") REFERENCES "senders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_sequence_id_fkey" FOREIGN KEY ("sequence_id") REFERENCES "sequences"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequence_enrolments" ADD CONSTRAINT "sequence_enrolments_sequence_id_fkey" FOREIGN KEY ("sequence_id") REFERENCES "sequences"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequence_enrolments" ADD CONSTRAINT "sequence_enrolments_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequence_step_sends" ADD CONSTRAINT "sequence_step_sends_enrolment_id_fkey" FOREIGN KEY ("enrolment_id") REFERENCES "sequence_enrolments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sequence_step_sends" ADD CONSTRAINT "sequence_step_sends_step_id_fkey" FOREIGN KEY ("step_id") REFERENCES "sequence_steps"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- Hand-written: roll every event up again, now with its message's use case (the rollups had no
-- use-case dimension before).
DELETE FROM "event_rollups";
UPDATE "rollup_state" SET "watermark" = '1970-01-01T00:00:00Z' WHERE "id" = 1;

-- Checks (by hand)
ALTER TABLE "domains" ADD CONSTRAINT "domains_status_check" CHECK ("status" IN ('pending', 'verified', 'failed'));
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_subscription_status_check" CHECK ("subscription_status" IN ('subscribed', 'unsubscribed'));
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_email_lower_check" CHECK ("email" = lower("email") AND "email" <> '');
ALTER TABLE "contact_properties" ADD CONSTRAINT "contact_properties_type_check" CHECK ("type" IN ('string', 'number', 'boolean', 'date'));
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_name_check" CHECK ("name" <> '');
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_status_check" CHECK ("status" IN ('running', 'completed', 'failed'));
ALTER TABLE "senders" ADD CONSTRAINT "senders_email_lower_check" CHECK ("email" = lower("email") AND "email" <> '');
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_status_check" CHECK ("status" IN ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'));
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_status_check" CHECK ("status" IN ('pending', 'sending', 'sent', 'failed', 'skipped'));
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_status_check" CHECK ("status" IN ('active', 'paused'));
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_delay_check" CHECK ("delay_seconds" >= 0 AND "position" >= 0);
ALTER TABLE "sequence_enrolments" ADD CONSTRAINT "sequence_enrolments_status_check" CHECK ("status" IN ('active', 'completed', 'exited', 'failed'));
ALTER TABLE "sequence_step_sends" ADD CONSTRAINT "sequence_step_sends_status_check" CHECK ("status" IN ('sending', 'sent', 'failed', 'skipped'));

-- Contacts filtered by property: containment (properties @> '{"plan":"pro"}') uses this index.
CREATE INDEX "contacts_properties_idx" ON "contacts" USING GIN ("properties" jsonb_path_ops);
