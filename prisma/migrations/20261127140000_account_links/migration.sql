-- Accounts people can trust: who chose a password, a forced change for a generated first
-- password, and one-use invitation and password-reset links (only their hash is kept).

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "must_change_password" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "password_chosen_at" TIMESTAMPTZ(3);

-- Hand-written: existing owners count as having chosen their password (they are owners
-- already); every other existing account's password was set by an owner or admin.
UPDATE "users" SET "password_chosen_at" = "created_at"
  WHERE "id" IN (SELECT "user_id" FROM "memberships" WHERE "role" = 'owner');

-- CreateTable
CREATE TABLE "account_links" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "org_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "role" TEXT,
    "user_id" UUID,
    "created_by" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "account_links_token_hash_key" ON "account_links"("token_hash");

-- CreateIndex
CREATE INDEX "account_links_email_created_at_idx" ON "account_links"("email", "created_at");

-- AddForeignKey
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
