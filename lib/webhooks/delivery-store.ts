// Delivery rows: claim the due ones, record attempt outcomes. A claim is a lease: a process
// that dies mid-attempt leaves its rows "delivering" with an expired lease, and the next
// claim takes them again, so nothing is lost (at-least-once; X-Webhook-Event-Id lets
// receivers de-duplicate). Claims use SKIP LOCKED, so runners in several instances never
// take the same row at the same time.
import { Prisma } from "@/lib/generated/prisma/client";
import { rawQuery } from "@/lib/db/raw-query";
import { MAX_ATTEMPTS } from "@/lib/webhooks/retry-schedule";

const LEASE_SECONDS = 60; // longer than an attempt can take (10 s) plus recording it

export interface ClaimedDelivery {
  id: string;
  attempt: number;
  payload: string;
  eventId: string | null;
  eventType: string;
  endpointId: string;
  url: string;
  isActive: boolean;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
}

interface ClaimRow {
  id: string;
  attempts: number;
  payload: string;
  event_id: string | null;
  event_type: string;
  endpoint_id: string;
  url: string;
  is_active: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | string | null;
}

const toClaimed = (r: ClaimRow): ClaimedDelivery => ({
  id: r.id,
  attempt: Number(r.attempts),
  payload: r.payload,
  eventId: r.event_id,
  eventType: r.event_type,
  endpointId: r.endpoint_id,
  url: r.url,
  isActive: r.is_active,
  secretSealed: r.secret_sealed,
  previousSecretSealed: r.previous_secret_sealed,
  previousSecretExpiresAt: r.previous_secret_expires_at === null ? null : new Date(r.previous_secret_expires_at),
});

const claimSql = (which: Prisma.Sql) => Prisma.sql`
  UPDATE webhook_deliveries d SET status = 'delivering', attempts = d.attempts + 1, lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
  FROM webhook_endpoints e
  WHERE e.id = d.endpoint_id AND d.id IN (${which})
  RETURNING d.id::text, d.attempts, d.payload, d.event_id::text, d.event_type, d.endpoint_id::text, e.url, e.is_active,
    e.secret_sealed, e.previous_secret_sealed, e.previous_secret_expires_at`;

const DUE = Prisma.sql`status IN ('pending', 'delivering') AND next_attempt_at <= now() AND (status = 'pending' OR lease_until < now())
  AND attempts < ${MAX_ATTEMPTS}`;

/** Up to `limit` due deliveries, oldest first (the embedded runner's delivery lane). */
export async function claimDueDeliveries(limit: number): Promise<ClaimedDelivery[]> {
  const rows = await rawQuery<ClaimRow>(
    claimSql(Prisma.sql`SELECT id FROM webhook_deliveries WHERE ${DUE} ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`),
  );
  return rows.map(toClaimed);
}

/** One delivery by id if it is due (the Inngest path); null when it is not, or another worker has it. */
export async function claimDelivery(id: string): Promise<ClaimedDelivery | null> {
  const rows = await rawQuery<ClaimRow>(
    claimSql(Prisma.sql`SELECT id FROM webhook_deliveries WHERE id = ${id}::uuid AND ${DUE} FOR UPDATE SKIP LOCKED`),
  );
  return rows[0] ? toClaimed(rows[0]) : null;
}

/** A delivery just created for an attempt at once (a test event): claimed whether or not it is due. */
export async function claimNewDelivery(id: string): Promise<ClaimedDelivery | null> {
  const rows = await rawQuery<ClaimRow>(
    claimSql(Prisma.sql`SELECT id FROM webhook_deliveries WHERE id = ${id}::uuid AND status = 'pending' FOR UPDATE SKIP LOCKED`),
  );
  return rows[0] ? toClaimed(rows[0]) : null;
}

export interface AttemptOutcome {
  deliveryId: string;
  endpointId: string;
  attemptId: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  /** succeeded | pending (retry at nextAttemptAt) | failed (for good) | cancelled (endpoint disabled) */
  next: "succeeded" | "pending" | "failed" | "cancelled";
  nextAttemptAt: Date | null;
}

/** Per endpoint, what a batch of outcomes does to its consecutive-failure count. */
function endpointEffects(outcomes: AttemptOutcome[]) {
  const byEndpoint = new Map<string, { reset: boolean; added: number; lastSuccess: Date | null; lastFailure: Date | null }>();
  const ordered = [...outcomes].sort((a, b) => a.startedAt.getTime() + a.durationMs - (b.startedAt.getTime() + b.durationMs));
  for (const o of ordered) {
    if (o.next === "cancelled") continue;
    const at = new Date(o.startedAt.getTime() + o.durationMs);
    const e = byEndpoint.get(o.endpointId) ?? { reset: false, added: 0, lastSuccess: null, lastFailure: null };
    if (o.next === "succeeded") Object.assign(e, { reset: true, added: 0, lastSuccess: at });
    else {
      e.lastFailure = at; // every failed attempt is the endpoint's latest failure
      if (o.next === "failed") e.added += 1; // a delivery failed for good: one more consecutive failure
    }
    byEndpoint.set(o.endpointId, e);
  }
  return [...byEndpoint.entries()];
}

/**
 * Records a batch of attempt outcomes in one statement: each delivery's new state and its
 * attempt row (only while this claim still holds the delivery: a claim taken over after its
 * lease expired, or a deleted endpoint, records nothing), and the endpoints' counters. An
 * endpoint whose consecutive failed deliveries reach maxFailures is disabled and its pending
 * deliveries stop. Returns the endpoints this batch disabled. Two instances recording at once
 * can deadlock on endpoint rows; the loser is retried.
 */
export async function recordOutcomes(outcomes: AttemptOutcome[]): Promise<string[]> {
  if (outcomes.length === 0) return [];
  for (let attempt = 1; ; attempt++) {
    try {
      return await recordOnce(outcomes);
    } catch (err) {
      if ((err as { code?: string }).code !== "40P01" || attempt >= 3) throw err;
    }
  }
}

async function recordOnce(outcomes: AttemptOutcome[]): Promise<string[]> {
  const col = <T>(f: (o: AttemptOutcome) => T) => outcomes.map(f);
  const effects = endpointEffects(outcomes).sort(([a], [b]) => a.localeCompare(b));
  const rows = await rawQuery<{ disabled: string[] | null }>(Prisma.sql`
    WITH r AS (
       SELECT * FROM unnest(${col((o) => o.deliveryId)}::uuid[], ${col((o) => o.attemptId)}::text[], ${col((o) => o.attempt)}::int[],
         ${col((o) => o.startedAt.toISOString())}::timestamptz[], ${col((o) => o.durationMs)}::int[], ${col((o) => o.statusCode)}::int[],
         ${col((o) => o.responseBody)}::text[], ${col((o) => o.error)}::text[], ${col((o) => o.next)}::text[],
         ${col((o) => o.nextAttemptAt?.toISOString() ?? null)}::timestamptz[])
         AS t(delivery_id, attempt_id, attempt, started_at, duration_ms, status_code, response_body, error, next, next_attempt_at)),
     moved AS (
       UPDATE webhook_deliveries d SET status = r.next, next_attempt_at = COALESCE(r.next_attempt_at, d.next_attempt_at), lease_until = NULL,
         last_status_code = COALESCE(r.status_code, d.last_status_code), last_error = r.error, last_duration_ms = r.duration_ms,
         completed_at = CASE WHEN r.next = 'pending' THEN NULL ELSE now() END
       FROM r WHERE d.id = r.delivery_id AND d.status = 'delivering' AND d.attempts = r.attempt
       RETURNING d.id),
     logged AS (
       INSERT INTO webhook_attempts (id, delivery_id, attempt, started_at, duration_ms, status_code, response_body, error, succeeded)
       SELECT attempt_id, delivery_id, attempt, started_at, duration_ms, status_code, response_body, error, next = 'succeeded'
       FROM r JOIN moved ON moved.id = r.delivery_id WHERE next <> 'cancelled'),
     s AS (
       SELECT * FROM unnest(${effects.map(([id]) => id)}::uuid[], ${effects.map(([, e]) => e.reset)}::bool[], ${effects.map(([, e]) => e.added)}::int[],
         ${effects.map(([, e]) => e.lastSuccess?.toISOString() ?? null)}::timestamptz[], ${effects.map(([, e]) => e.lastFailure?.toISOString() ?? null)}::timestamptz[])
         AS t(endpoint_id, reset, added, last_success, last_failure)),
     was AS (SELECT id, is_active FROM webhook_endpoints WHERE id IN (SELECT endpoint_id FROM s)),
     counted AS (
       UPDATE webhook_endpoints e SET
         failure_count = CASE WHEN s.reset THEN s.added ELSE e.failure_count + s.added END,
         is_active = e.is_active AND (CASE WHEN s.reset THEN s.added ELSE e.failure_count + s.added END) < e.max_failures,
         last_success_at = GREATEST(e.last_success_at, s.last_success),
         last_failure_at = GREATEST(e.last_failure_at, s.last_failure),
         updated_at = now()
       FROM s WHERE e.id = s.endpoint_id
       RETURNING e.id, e.is_active),
     disabled AS (SELECT counted.id FROM counted JOIN was ON was.id = counted.id WHERE was.is_active AND NOT counted.is_active),
     stopped AS (
       UPDATE webhook_deliveries SET status = 'cancelled', completed_at = now(), last_error = 'endpoint disabled after repeated failures'
       WHERE endpoint_id IN (SELECT id FROM disabled) AND status = 'pending')
     SELECT (SELECT array_agg(id::text) FROM disabled) AS disabled`);
  return rows[0].disabled ?? [];
}
