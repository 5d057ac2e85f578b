-- A sending domain may name a tracking host (a CNAME to the instance's host) for its opens and clicks.
ALTER TABLE "domains" ADD COLUMN     "tracking_host" TEXT,
ADD COLUMN     "tracking_verified_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE UNIQUE INDEX "domains_tracking_host_key" ON "domains"("tracking_host");
