-- CreateTable
CREATE TABLE "templates" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "current_version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "template_versions" (
    "id" UUID NOT NULL,
    "template_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT,
    "text" TEXT,
    "variables" JSONB NOT NULL DEFAULT '[]',
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "template_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scheduled_emails" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "project_id" UUID,
    "api_key_id" UUID,
    "user_id" UUID,
    "email_data" JSONB NOT NULL,
    "scheduled_for" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "retry_count" INTEGER NOT NULL DEFAULT 0,
    "max_retries" INTEGER NOT NULL DEFAULT 3,
    "bulk_approved" BOOLEAN NOT NULL DEFAULT false,
    "result" JSONB,
    "error" TEXT,
    "message_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "scheduled_emails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "templates_org_id_created_at_idx" ON "templates"("org_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "templates_org_id_name_key" ON "templates"("org_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "template_versions_template_id_version_key" ON "template_versions"("template_id", "version");

-- CreateIndex
CREATE INDEX "scheduled_emails_org_id_created_at_idx" ON "scheduled_emails"("org_id", "created_at");

-- AddForeignKey
ALTER TABLE "templates" ADD CONSTRAINT "templates_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "templates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- CreateTable
CREATE TABLE "replay_guards" (
    "key" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "replay_guards_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "replay_guards_expires_at_idx" ON "replay_guards"("expires_at");

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN "tracking_enabled" BOOLEAN NOT NULL DEFAULT true;

-- Hand-written: states the schema language cannot say.
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_status_check" CHECK ("status" IN ('scheduled', 'sending', 'sent', 'failed', 'cancelled'));
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_retries_check" CHECK ("retry_count" >= 0 AND "max_retries" >= 0);
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_version_check" CHECK ("version" >= 1);
-- Opens and clicks recorded by the product's own pixel and links.
ALTER TABLE "email_events" DROP CONSTRAINT "email_events_source_check";
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_source_check" CHECK ("source" IN ('send', 'demo', 'provider', 'manual', 'tracking'));
