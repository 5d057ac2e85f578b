-- CreateTable
CREATE TABLE "event_rollups" (
    "org_id" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "project_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "event_rollups_pkey" PRIMARY KEY ("org_id","hour","project_id","provider","type","reason")
);

-- CreateTable
CREATE TABLE "rollup_state" (
    "id" INTEGER NOT NULL,
    "watermark" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rollup_state_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "engagement_firsts" (
    "message_id" UUID NOT NULL,
    "recipient" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "org_id" UUID NOT NULL,
    "project_id" UUID,
    "provider" TEXT NOT NULL,
    "first_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "engagement_firsts_pkey" PRIMARY KEY ("message_id","recipient","kind")
);

-- CreateIndex
CREATE INDEX "engagement_firsts_org_id_kind_first_at_idx" ON "engagement_firsts"("org_id", "kind", "first_at");

-- CreateIndex
CREATE INDEX "email_events_created_at_idx" ON "email_events"("created_at");



-- Hand-written: the rollup starts from the beginning; kinds of first engagement.
INSERT INTO "rollup_state" ("id", "watermark") VALUES (1, '1970-01-01T00:00:00Z');
ALTER TABLE "engagement_firsts" ADD CONSTRAINT "engagement_firsts_kind_check" CHECK ("kind" IN ('opened', 'clicked'));
