// Words for audit entries: action and outcome labels, and a one-line summary of metadata.
import type { AuditEntry } from "@/hooks/audit";

const ACTIONS: Record<string, string> = {
  "email.send": "Email send",
  "provider.created": "Provider added",
  "provider.updated": "Provider changed",
  "provider.deleted": "Provider deleted",
  "safety.mode_changed": "Send mode changed",
  "safety.test_list_created": "Test list created",
  "safety.test_list_deleted": "Test list deleted",
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "member.added": "Member added",
  "member.role_changed": "Member role changed",
  "member.removed": "Member removed",
  "project.created": "Project created",
  "organization.updated": "Organization changed",
  "staff.organization_viewed": "Organization looked up by staff",
  "staff.plan_changed": "Plan changed by staff",
  "staff.allowance_changed": "Monthly allowance changed by staff",
  "staff.key_rate_limit_set": "API key rate limit set by staff",
  "staff.provider_created": "Managed provider added by staff",
  "staff.provider_status_changed": "Managed provider status changed by staff",
  "oauth_app.registered": "App registered",
  "oauth_app.deleted": "App deleted",
  "oauth_app.approved": "App connected",
  "oauth_app.revoked": "App disconnected",
  "oauth_app.refresh_reuse": "App token reuse: access revoked",
  "oauth_app.code_reuse": "App code reuse: access revoked",
  "webhook_endpoint.created": "Webhook endpoint added",
  "webhook_endpoint.updated": "Webhook endpoint changed",
  "webhook_endpoint.deleted": "Webhook endpoint deleted",
  "webhook_endpoint.disabled": "Webhook endpoint disabled",
  "webhook_endpoint.secret_rotated": "Webhook secret rotated",
};

/** Who acted, for actors without a name of their own (members and keys are named by the caller). */
const ACTOR_TYPES: Record<string, string> = {
  staff: "Staff",
  system: "Mailroom",
  oauth_app: "A connected app",
};

const OUTCOMES: Record<string, string> = {
  success: "Success",
  sent: "Sent",
  failed: "Failed",
  refused_test_mode: "Refused: test mode",
  refused_bulk: "Refused: bulk limit",
  refused_quota: "Refused: quota",
  revoked: "Revoked",
};

const words = (s: string) => s.replace(/[._]/g, " ").replace(/^\w/, (c) => c.toUpperCase());

export const actionLabel = (action: string) => ACTIONS[action] ?? words(action);
export const actorTypeLabel = (actorType: string) => ACTOR_TYPES[actorType] ?? words(actorType);
export const outcomeLabel = (outcome: string) => OUTCOMES[outcome] ?? words(outcome);

export function outcomeTone(outcome: string): "success" | "danger" | "neutral" {
  if (outcome === "success" || outcome === "sent") return "success";
  if (outcome === "failed" || outcome.startsWith("refused")) return "danger";
  return "neutral";
}

const FIELDS: Record<string, string> = {
  monthlySendAllowance: "Monthly allowance",
  rateLimitPerMinute: "Requests per minute",
};

/** `metadata.changes`: {field: {from, to}}, null standing for the default (the plan's allowance, 60 per minute). */
function changeParts(changes: unknown): string[] {
  if (!changes || typeof changes !== "object" || Array.isArray(changes)) return [];
  const shown = (v: unknown) => (v === null ? "default" : String(v));
  return Object.entries(changes as Record<string, unknown>)
    .filter((e): e is [string, { from: unknown; to: unknown }] => !!e[1] && typeof e[1] === "object" && "from" in e[1] && "to" in e[1])
    .map(
      ([field, c]) => `${FIELDS[field] ?? words(field.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`))}: ${shown(c.from)} → ${shown(c.to)}`,
    );
}

const text = (v: unknown) =>
  typeof v === "string" || typeof v === "number" ? String(v) : Array.isArray(v) ? v.map(String).join(", ") : null;

/** The parts of an entry's metadata worth a glance, most telling first. */
export function metadataSummary(metadata: AuditEntry["metadata"]): string {
  const m = metadata;
  const parts: string[] = [];
  if (text(m.subject)) parts.push(`“${text(m.subject)}”`);
  if (text(m.refused)) parts.push(`Not on a test list: ${text(m.refused)}`);
  if (text(m.error)) parts.push(`Error: ${text(m.error)}`);
  if (text(m.provider)) parts.push(`via ${text(m.provider)}`);
  if (text(m.from) && text(m.to)) parts.push(`${text(m.from)} → ${text(m.to)}`);
  if (text(m.name)) parts.push(text(m.name)!);
  if (text(m.app)) parts.push(text(m.app)!);
  if (text(m.url)) parts.push(text(m.url)!);
  if (text(m.key)) parts.push(text(m.key)!);
  if (text(m.type)) parts.push(text(m.type)!);
  if (text(m.email)) parts.push(text(m.email)!);
  if (text(m.role)) parts.push(`role ${text(m.role)}`);
  if (text(m.status)) parts.push(text(m.status)!);
  if (text(m.reason)) parts.push(text(m.reason)!);
  if (text(m.scheduledFor)) parts.push(`for ${text(m.scheduledFor)}`);
  if (text(m.changed)) parts.push(`changed ${text(m.changed)}`);
  parts.push(...changeParts(m.changes));
  if (typeof m.size === "number") parts.push(`${m.size} address${m.size === 1 ? "" : "es"}`);
  if (typeof m.count === "number") parts.push(`${m.count} in all`);
  return parts.join(" · ");
}

/**
 * What an entry was about: its metadata's summary, else what it acted on ("webhook endpoint
 * 3f2a…"), so no entry reads as a bare dash when the change had a target.
 */
export function entrySummary(entry: Pick<AuditEntry, "metadata" | "targetType" | "targetId">): string {
  const summary = metadataSummary(entry.metadata);
  if (summary) return summary;
  if (!entry.targetType) return "";
  const target = entry.targetType.replace(/_/g, " ");
  return entry.targetId ? `${target} ${entry.targetId.length > 12 ? `${entry.targetId.slice(0, 8)}…` : entry.targetId}` : target;
}
