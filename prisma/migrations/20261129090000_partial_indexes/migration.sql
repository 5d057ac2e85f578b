-- Hand-written: three indexes of columns that are NULL on most rows held an entry for each of
-- those rows too, written with every event and every new version of a message row. Each now
-- holds only the rows that have a value; every reader asks for a value (=, = ANY, a join), so
-- they read through them as before. The names stay, so the schema's @@index and @unique still
-- name them.
-- A campaign's events alone have a campaign send (campaign-stats.ts reads them per recipient row).
DROP INDEX "email_events_campaign_send_id_idx";
CREATE INDEX "email_events_campaign_send_id_idx" ON "email_events" ("campaign_send_id") WHERE "campaign_send_id" IS NOT NULL;
-- A campaign's messages alone have one, unique among them (NULLs never conflicted).
DROP INDEX "messages_campaign_send_id_key";
CREATE UNIQUE INDEX "messages_campaign_send_id_key" ON "messages" ("campaign_send_id") WHERE "campaign_send_id" IS NOT NULL;
-- A message has no provider id until a provider accepts it (a provider's events find it by that id).
DROP INDEX "messages_provider_message_id_idx";
CREATE INDEX "messages_provider_message_id_idx" ON "messages" ("provider_message_id") WHERE "provider_message_id" IS NOT NULL;
