-- AlterTable
ALTER TABLE "users" ADD COLUMN     "session_version" INTEGER NOT NULL DEFAULT 0;

-- Closed value sets, enforced by the database so no bad value can ever be stored.
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_check" CHECK ("role" IN ('owner', 'admin', 'member', 'viewer'));
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_plan_check" CHECK ("plan" IN ('free', 'starter', 'professional', 'enterprise'));
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_send_mode_check" CHECK ("send_mode" IN ('test', 'production'));
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_status_check" CHECK ("status" IN ('queued', 'running', 'done', 'failed'));
