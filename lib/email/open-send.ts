// Opens a send in one statement: everything the send needs to know about its organization
// (send mode, the bulk threshold, the default project, the active providers in priority
// order), the count against the month's allowance and, when safety needs no second look
// (production mode, and within the bulk threshold or pre-approved for bulk), the queued
// message record. Otherwise the caller checks safety and records the message itself
// (insertQueuedMessage). A recipient on the organization's suppression list stops the count
// and the record (an erased address is matched by its keyed hash): the caller removes them and
// opens the send again for the others. A use case the send names that is not the
// organization's own stops them too (useCaseRefused); the use case (named, else the
// organization's default) is resolved in the same statement (orgCte).
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { PLANS } from "@/lib/orgs/plans";
import { erasedKeys } from "@/lib/privacy/erased-address";
import { currentMonth, orgCte, queuedInsert, type NewMessage } from "@/lib/email/message-store";
import type { Provider } from "@/lib/generated/prisma/client";

export interface SendContext {
  sendMode: "test" | "production";
  trackingEnabled: boolean;
  require2faThreshold: number;
  defaultProjectId: string | null;
  providers: Provider[];
}

export interface OpenedSend {
  context: SendContext;
  /** Whether this send was counted: false when the month's allowance is used up. */
  counted: boolean;
  /** The queued message, when safety passed it in the statement itself. */
  messageId: string | null;
  /** Recipients on the suppression list; when any, nothing was counted or recorded. */
  suppressed: string[];
  /** The send named a use case (use_case_id) that is not one of the organization's: nothing was counted or recorded. */
  useCaseRefused: boolean;
  /** Production, and the from-address is not a verified sender of the organization: nothing was counted or recorded. */
  senderRefused: boolean;
  /** The from-domain's DKIM key (sealed), when it is a verified domain of the organization's. */
  dkim: SealedDkimKey | null;
  /** The from-domain's tracking host, when it is a domain of the organization's whose tracking CNAME was found. */
  trackingHost: string | null;
}

export interface SealedDkimKey {
  domainName: string;
  keySelector: string;
  /** The PEM private key sealed with ENCRYPTION_KEY. */
  sealed: string;
}

/** Whose from-address a send checks (see senderCheck). */
export interface SenderToCheck {
  /** The send's own from-address; null when it uses the instance's default (DEFAULT_FROM, the operator's). */
  address: string | null;
  /** The domain the message comes from (of the address, or of the default): its DKIM key, when verified, signs it. */
  domain: string;
}

/**
 * In production a from-address must be verified: a sender of the organization's confirmed by
 * its owner or at a verified domain, or any address at a verified domain of the organization's.
 * The instance's default address (no from given) is the operator's. Replies, forwards and
 * auto-replies from an inbound domain follow the same rule: receiving mail for a domain proves
 * nothing (anyone can deliver to the listener), so the domain must be verified to send from it.
 */
function senderCheck(address: string | null): Prisma.Sql {
  return Prisma.sql`
  SELECT (org.send_mode = 'production' AND ${address}::text IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM senders s LEFT JOIN domains sd ON sd.id = s.domain_id
      WHERE s.org_id = org.id AND s.email = ${address}::text AND (s.confirmed_at IS NOT NULL OR sd.status = 'verified'))
    AND NOT EXISTS (SELECT 1 FROM domains d WHERE d.org_id = org.id AND d.name = split_part(${address}::text, '@', 2) AND d.status = 'verified')) AS refused
  FROM org`;
}

type ProviderJson = Omit<Provider, "createdAt" | "updatedAt" | "lastHealthCheck"> & {
  createdAt: string;
  updatedAt: string;
  lastHealthCheck: string | null;
};

/** The organization's active providers in priority order, as JSON (ProviderJson). */
const PROVIDERS = Prisma.sql`COALESCE((
        SELECT json_agg(json_build_object(
          'id', p.id, 'orgId', p.org_id, 'name', p.name, 'type', p.type, 'config', p.config,
          'secretsSealed', p.secrets_sealed, 'isActive', p.is_active, 'priority', p.priority,
          'rateLimitPerMinute', p.rate_limit_per_minute, 'rateLimitPerHour', p.rate_limit_per_hour,
          'rateLimitPerDay', p.rate_limit_per_day, 'isHealthy', p.is_healthy, 'lastHealthCheck', p.last_health_check,
          'lastError', p.last_error, 'accountSource', p.account_source, 'status', p.status,
          'createdAt', p.created_at, 'updatedAt', p.updated_at) ORDER BY p.priority, p.created_at, p.id)
        FROM providers p WHERE p.org_id = org.id AND p.is_active AND p.status = 'active'), '[]'::json)`;

const planAllowances = JSON.stringify(Object.fromEntries(Object.entries(PLANS).map(([name, p]) => [name, p.monthlySends])));
const UNLIMITED = 2_147_483_647;

/**
 * The count only moves while it is below the allowance (the organization's own figure, else
 * its plan's, as monthlyAllowance() in plans.ts; none means unlimited): one atomic statement,
 * so concurrent sends never overshoot it. Deferred commit (raw-query.ts): every send of the
 * organization updates the same counter row, and finishMessage makes the message row
 * durable before the response.
 */
export async function openSend(m: NewMessage, recipients: string[], bulkPreapproved: boolean, sender: SenderToCheck): Promise<OpenedSend> {
  const rows = await rawQuery<{
    suppressed: string[];
    use_case_refused: boolean;
    sender_refused: boolean;
    dkim: SealedDkimKey | string | null;
    tracking_host: string | null;
    counted: boolean;
    message_id: string | null;
    send_mode: string;
    tracking_enabled: boolean;
    require_2fa_threshold: number;
    default_project_id: string | null;
    providers: ProviderJson[] | string;
  }>(
    Prisma.sql`
    WITH ${orgCte(m)},
    allowance AS (
      SELECT COALESCE(org.monthly_send_allowance,
        CASE WHEN ${planAllowances}::jsonb -> org.plan IS NULL THEN (${planAllowances}::jsonb ->> 'free')::int ELSE (${planAllowances}::jsonb ->> org.plan)::int END,
        ${UNLIMITED}::int) AS value
      FROM org),
    -- A recipient is suppressed by its address, or by its keyed hash once the address was erased (lib/privacy/erased-address.ts).
    hits AS (SELECT DISTINCT r.email FROM unnest(${recipients}::text[], ${erasedKeys({ orgId: m.orgId, emails: recipients })}::text[]) AS r (email, erased_key)
      WHERE EXISTS (SELECT 1 FROM suppressions s WHERE s.org_id = ${m.orgId}::uuid AND s.email IN (r.email, r.erased_key))),
    sender AS (${senderCheck(sender.address?.toLowerCase() ?? null)}),
    counted AS (
      INSERT INTO send_counters (org_id, month, count)
      SELECT org.id, ${currentMonth()}::text, 1 FROM org, allowance, sender WHERE allowance.value > 0 AND NOT EXISTS (SELECT 1 FROM hits)
        AND NOT (${m.useCaseId}::uuid IS NOT NULL AND org.use_case_id IS NULL) AND NOT sender.refused
      ON CONFLICT (org_id, month) DO UPDATE SET count = send_counters.count + 1
      WHERE send_counters.count < (SELECT value FROM allowance)
      RETURNING count),
    queued AS (
      ${queuedInsert(m, Prisma.sql`org.send_mode`, Prisma.sql`EXISTS (SELECT 1 FROM counted) AND org.send_mode = 'production' AND (${recipients.length}::int <= org.require_2fa_threshold OR ${bulkPreapproved}::boolean)`)})
    SELECT ARRAY(SELECT email FROM hits ORDER BY array_position(${recipients}::text[], email)) AS suppressed, EXISTS (SELECT 1 FROM counted) AS counted, (SELECT id FROM queued) AS message_id,
      (${m.useCaseId}::uuid IS NOT NULL AND org.use_case_id IS NULL) AS use_case_refused, (SELECT refused FROM sender) AS sender_refused,
      (SELECT json_build_object('domainName', d.name, 'keySelector', d.dkim_selector, 'sealed', d.dkim_private_key_sealed) FROM domains d
        WHERE d.org_id = org.id AND d.name = ${sender.domain.toLowerCase()}::text AND d.status = 'verified' AND d.dkim_private_key_sealed IS NOT NULL) AS dkim,
      (SELECT d.tracking_host FROM domains d
        WHERE d.org_id = org.id AND d.name = ${sender.domain.toLowerCase()}::text AND d.status = 'verified' AND d.tracking_verified_at IS NOT NULL) AS tracking_host,
      org.send_mode, org.tracking_enabled, org.require_2fa_threshold, org.default_project_id::text,
      ${PROVIDERS} AS providers
    FROM org`,
    "deferred",
  );
  const r = rows[0];
  if (!r) throw new Error(`Organization ${m.orgId} not found`);
  const providers = (typeof r.providers === "string" ? JSON.parse(r.providers) : r.providers) as ProviderJson[];
  return {
    suppressed: r.suppressed ?? [],
    useCaseRefused: r.use_case_refused,
    senderRefused: r.sender_refused,
    dkim: typeof r.dkim === "string" ? (JSON.parse(r.dkim) as SealedDkimKey) : r.dkim,
    trackingHost: r.tracking_host,
    counted: r.counted,
    messageId: r.message_id,
    context: {
      sendMode: r.send_mode as SendContext["sendMode"],
      trackingEnabled: r.tracking_enabled,
      require2faThreshold: Number(r.require_2fa_threshold),
      defaultProjectId: r.default_project_id,
      providers: providers.map((p) => ({
        ...p,
        createdAt: new Date(p.createdAt),
        updatedAt: new Date(p.updatedAt),
        lastHealthCheck: p.lastHealthCheck ? new Date(p.lastHealthCheck) : null,
      })),
    },
  };
}
