-- One per-address allowance for every mail the instance sends (invitations, password resets,
-- sender confirmations), whichever organization asks: each mail is a row here.

-- CreateTable
CREATE TABLE "system_mail_sends" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "system_mail_sends_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "system_mail_sends_email_created_at_idx" ON "system_mail_sends"("email", "created_at");

-- Hand-written: the links mailed in the last day keep counting.
INSERT INTO "system_mail_sends" ("id", "email", "created_at")
  SELECT gen_random_uuid(), "email", "created_at" FROM "account_links" WHERE "created_at" > now() - interval '1 day';
