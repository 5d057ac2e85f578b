-- The organization a user last switched to: sign-in opens it while they are still a member.

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "last_org_id" UUID;
