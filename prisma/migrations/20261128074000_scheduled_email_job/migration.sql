-- The job that may send a scheduled email: a change gives it a new job, and the one it replaced
-- finds the email no longer its own.
ALTER TABLE "scheduled_emails" ADD COLUMN "job_id" UUID;
