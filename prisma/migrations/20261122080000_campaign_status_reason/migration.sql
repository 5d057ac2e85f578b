-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "status_reason" TEXT;
