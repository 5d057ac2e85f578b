-- One per-mailbox allowance for every mail the instance sends (invitations, password resets,
-- sender confirmations), whichever organization asks, and one per organization: each mail is a
-- row here. `email` is the mailbox (lower-cased, without a +tag).

-- CreateTable
CREATE TABLE "system_mail_sends" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "org_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "system_mail_sends_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "system_mail_sends_email_created_at_idx" ON "system_mail_sends"("email", "created_at");

-- CreateIndex
CREATE INDEX "system_mail_sends_org_id_created_at_idx" ON "system_mail_sends"("org_id", "created_at");

-- Hand-written: the links mailed in the last day keep counting.
INSERT INTO "system_mail_sends" ("id", "email", "org_id", "created_at")
  SELECT gen_random_uuid(), regexp_replace(lower("email"), '\+[^@]*@', '@'), "org_id", "created_at" FROM "account_links" WHERE "created_at" > now() - interval '1 day';
