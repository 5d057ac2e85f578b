-- CreateIndex
CREATE INDEX "oauth_clients_registered_by_created_at_idx" ON "oauth_clients"("registered_by", "created_at");

-- CreateIndex
CREATE INDEX "oauth_codes_expires_at_idx" ON "oauth_codes"("expires_at");
