-- A queued job can be cancelled (lib/jobs/manage-jobs.ts): it is kept, finished, and never runs.
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_status_check";
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_status_check" CHECK ("status" IN ('queued', 'running', 'done', 'failed', 'cancelled'));
