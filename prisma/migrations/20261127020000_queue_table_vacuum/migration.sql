-- Queue-like tables: rows are claimed from the front of an index and deleted or updated at a
-- steady rate, so dead entries pile up exactly where every claim starts reading. PostgreSQL's
-- default waits until a fifth of a table is dead before vacuuming it; vacuum these after 1%
-- (and at least 500 rows), and refresh their statistics sooner.
ALTER TABLE "scheduled_events" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
ALTER TABLE "jobs" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
ALTER TABLE "webhook_deliveries" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.02);
-- Hot counters: one row updated by every send or request of an organization or key.
ALTER TABLE "send_counters" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
ALTER TABLE "rate_limit_counters" SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);
