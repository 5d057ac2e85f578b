// Webhook fan-out, as a fragment of the statement that publishes events (publish-events.ts):
// one delivery row per active endpoint subscribed to each new event's type, org-wide endpoints
// and those scoped to the event's project. The delivery carries the event's HTTP body as it
// will be signed and sent: the event's payload with the tags of its message added as
// `"tags":[{"name":…,"value":…}]` (empty for an event of no message, such as a campaign send's).
// The message row exists before any of its events (the send records it queued first), so the
// join sees it; a message's tags never change.
import { Prisma } from "@/lib/generated/prisma/client";

/** INSERT of the deliveries of CTE `published` (the new events; `incoming` has their payload), returning their ids. */
export const FAN_OUT = Prisma.sql`INSERT INTO webhook_deliveries (id, org_id, endpoint_id, event_id, event_type, payload)
    SELECT gen_random_uuid(), ev.org_id, e.id, ev.id, ev.type,
      left(s.payload, -1) || ',"tags":' || coalesce((SELECT jsonb_agg(jsonb_build_object('name', split_part(u.t, ':', 1),
          'value', substr(u.t, strpos(u.t, ':') + 1)) ORDER BY u.n)::text
        FROM messages m, unnest(m.tags) WITH ORDINALITY AS u(t, n) WHERE m.id = ev.message_id), '[]') || '}'
    FROM published ev JOIN incoming s ON s.id = ev.id
    JOIN webhook_endpoints e ON e.org_id = ev.org_id AND e.is_active
      AND (e.project_id IS NULL OR e.project_id = ev.project_id)
      AND (cardinality(e.events) = 0 OR ev.type = ANY (e.events))
    RETURNING id`;
