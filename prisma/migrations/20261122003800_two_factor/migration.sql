-- AlterTable
ALTER TABLE "users" ADD COLUMN     "totp_enabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "totp_last_step" BIGINT,
ADD COLUMN     "totp_secret_sealed" TEXT,
ADD COLUMN     "totp_verified_at" TIMESTAMPTZ(3);


