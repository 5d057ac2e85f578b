-- One sweep, maintenance.sweep-jobs, now sweeps every lane, webhook deliveries included: the
-- webhooks.sweep job is gone, and its queued time slot would only fail as an unknown job.
DELETE FROM "jobs" WHERE "name" = 'webhooks.sweep' AND "status" = 'queued';
