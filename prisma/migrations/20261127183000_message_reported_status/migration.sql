-- What the provider reported about a message (docs/sending.md, "What a message's status says"):
-- its highest status so far (null until a provider reports past "sent") and each recipient's.
-- messages.status keeps the delivery pipeline's meaning (queued, sent, failed, unconfirmed).
ALTER TABLE "messages" ADD COLUMN "delivery_status" TEXT;
ALTER TABLE "messages" ADD COLUMN "recipient_statuses" JSONB NOT NULL DEFAULT '{}';

-- Existing messages take the status their recorded events give them (the order of lib/events/message-status.ts).
UPDATE "messages" m SET "delivery_status" = x.best, "recipient_statuses" = x.statuses
FROM (
  SELECT message_id, (array_agg(st ORDER BY rk DESC))[1] AS best, jsonb_object_agg(recipient, st) AS statuses
  FROM (SELECT DISTINCT ON (message_id, recipient) message_id, recipient, st, rk
        FROM (SELECT message_id, recipient, CASE type WHEN 'email.deferred' THEN 'deferred' WHEN 'email.delivered' THEN 'delivered'
                WHEN 'email.opened' THEN 'opened' WHEN 'email.clicked' THEN 'clicked' WHEN 'email.dropped' THEN 'failed'
                WHEN 'email.bounced' THEN 'bounced' WHEN 'email.complained' THEN 'complained' END AS st
              FROM "email_events"
              WHERE message_id IS NOT NULL AND source <> 'send' AND coalesce(metadata ->> 'bot', 'false') <> 'true') ev
        CROSS JOIN LATERAL (SELECT coalesce(array_position(ARRAY['sent', 'deferred', 'delivered', 'opened', 'clicked', 'failed', 'bounced', 'complained']::text[], ev.st), 0) AS rk) r
        WHERE st IS NOT NULL ORDER BY message_id, recipient, rk DESC) per_recipient
  GROUP BY message_id) x
WHERE m.id = x.message_id;
