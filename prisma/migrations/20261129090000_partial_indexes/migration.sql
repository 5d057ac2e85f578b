-- Hand-written: three indexes of columns that are NULL on most rows held an entry for each of
-- those rows too, written with every event and every new version of a message row. Each now
-- holds only the rows that have a value; every reader asks for a value (=, = ANY, a join), so
-- they read through them as before. The names stay, so the schema's @@index and @unique still
-- name them (Prisma 7 cannot state the predicate; its diff leaves these as they are).
--
-- The new indexes are built first, beside the old: building one only keeps writers out of its
-- table, while dropping an index locks the table against readers too until the migration
-- commits, so the drops and renames come last and take a moment.
-- A campaign's events alone have a campaign send (campaign-stats.ts reads them per recipient row).
CREATE INDEX "email_events_campaign_send_id_partial" ON "email_events" ("campaign_send_id") WHERE "campaign_send_id" IS NOT NULL;
-- A campaign's messages alone have one, unique among them (NULLs never conflicted). Nothing may
-- name it as an ON CONFLICT target: a partial index needs the WHERE there too.
CREATE UNIQUE INDEX "messages_campaign_send_id_partial" ON "messages" ("campaign_send_id") WHERE "campaign_send_id" IS NOT NULL;
-- A message has no provider id until a provider accepts it (a provider's events find it by that id).
CREATE INDEX "messages_provider_message_id_partial" ON "messages" ("provider_message_id") WHERE "provider_message_id" IS NOT NULL;

DROP INDEX "email_events_campaign_send_id_idx";
DROP INDEX "messages_campaign_send_id_key";
DROP INDEX "messages_provider_message_id_idx";
ALTER INDEX "email_events_campaign_send_id_partial" RENAME TO "email_events_campaign_send_id_idx";
ALTER INDEX "messages_campaign_send_id_partial" RENAME TO "messages_campaign_send_id_key";
ALTER INDEX "messages_provider_message_id_partial" RENAME TO "messages_provider_message_id_idx";
