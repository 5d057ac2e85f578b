-- First engagements are rolled up hourly with events (lib/analytics/roll-up.ts): the watermark
-- governs them by when they were recorded. Those recorded before this migration are rolled up
-- here, in its transaction (which holds the table), and dated at the epoch, before any
-- watermark: no roll-up counts them again, not even one an instance of the previous release
-- still runs.
ALTER TABLE "engagement_firsts" ADD COLUMN "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT '1970-01-01T00:00:00Z';
ALTER TABLE "engagement_firsts" ALTER COLUMN "created_at" SET DEFAULT CURRENT_TIMESTAMP;

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

INSERT INTO "engagement_rollups" ("org_id", "hour", "project_id", "provider", "kind", "use_case_id", "count")
SELECT f."org_id", date_trunc('hour', f."first_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
  coalesce(f."project_id", '00000000-0000-0000-0000-000000000000'::uuid), f."provider", f."kind",
  coalesce(m."use_case_id", '00000000-0000-0000-0000-000000000000'::uuid), count(*)::int
FROM "engagement_firsts" f LEFT JOIN "messages" m ON m."id" = f."message_id"
GROUP BY 1, 2, 3, 4, 5, 6;
