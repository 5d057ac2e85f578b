-- CreateIndex
CREATE INDEX "campaigns_status_idx" ON "campaigns"("status");
