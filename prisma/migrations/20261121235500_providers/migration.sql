-- CreateTable
CREATE TABLE "providers" (
    "id" UUID NOT NULL,
    "org_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "config" JSONB NOT NULL DEFAULT '{}',
    "secrets_sealed" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "priority" INTEGER NOT NULL DEFAULT 100,
    "rate_limit_per_minute" INTEGER,
    "rate_limit_per_hour" INTEGER,
    "rate_limit_per_day" INTEGER,
    "is_healthy" BOOLEAN NOT NULL DEFAULT true,
    "last_health_check" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "account_source" TEXT NOT NULL DEFAULT 'byo',
    "status" TEXT NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "providers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provider_usage" (
    "id" BIGSERIAL NOT NULL,
    "provider_id" UUID NOT NULL,
    "used_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provider_usage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "providers_org_id_priority_created_at_idx" ON "providers"("org_id", "priority", "created_at");

-- CreateIndex
CREATE INDEX "provider_usage_provider_id_used_at_idx" ON "provider_usage"("provider_id", "used_at");

-- AddForeignKey
ALTER TABLE "providers" ADD CONSTRAINT "providers_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider_usage" ADD CONSTRAINT "provider_usage_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Closed value sets (see the previous migration).
ALTER TABLE "providers" ADD CONSTRAINT "providers_type_check" CHECK ("type" IN ('resend', 'smtp', 'ses', 'sendgrid', 'postmark', 'mailgun', 'demo'));
ALTER TABLE "providers" ADD CONSTRAINT "providers_account_source_check" CHECK ("account_source" IN ('byo', 'managed'));
ALTER TABLE "providers" ADD CONSTRAINT "providers_status_check" CHECK ("status" IN ('provisioning', 'active', 'suspended', 'deprovisioned'));
ALTER TABLE "providers" ADD CONSTRAINT "providers_rate_limits_check" CHECK (
  coalesce("rate_limit_per_minute", 1) > 0 AND coalesce("rate_limit_per_hour", 1) > 0 AND coalesce("rate_limit_per_day", 1) > 0);
