-- First engagements are rolled up hourly with events (lib/analytics/roll-up.ts): the watermark
-- governs them by when they were recorded. Rows recorded before this migration take its time,
-- so the next roll-up counts them.
ALTER TABLE "engagement_firsts" ADD COLUMN "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

CREATE INDEX "engagement_firsts_created_at_idx" ON "engagement_firsts"("created_at");

CREATE TABLE "engagement_rollups" (
    "org_id" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "project_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "use_case_id" UUID NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "engagement_rollups_pkey" PRIMARY KEY ("org_id","hour","project_id","provider","kind","use_case_id")
);
