-- CreateIndex
CREATE INDEX "sequence_enrolments_sequence_id_status_idx" ON "sequence_enrolments"("sequence_id", "status");

-- CreateIndex
CREATE INDEX "sequence_enrolments_contact_id_idx" ON "sequence_enrolments"("contact_id");

