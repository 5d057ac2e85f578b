// Words for audit entries: action and outcome labels, and a one-line summary of metadata.
import type { AuditEntry } from "@/lib/queries/audit";

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
};

const OUTCOMES: Record<string, string> = {
  success: "Success",
  sent: "Sent",
  failed: "Failed",
  refused_test_mode: "Refused: test mode",
  refused_bulk: "Refused: bulk limit",
  refused_quota: "Refused: quota",
};

const words = (s: string) => s.replace(/[._]/g, " ").replace(/^\w/, (c) => c.toUpperCase());

export const actionLabel = (action: string) => ACTIONS[action] ?? words(action);
export const outcomeLabel = (outcome: string) => OUTCOMES[outcome] ?? words(outcome);

export function outcomeTone(outcome: string): "success" | "danger" | "neutral" {
  if (outcome === "success" || outcome === "sent") return "success";
  if (outcome === "failed" || outcome.startsWith("refused")) return "danger";
  return "neutral";
}

const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : Array.isArray(v) ? v.map(String).join(", ") : null);

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
  if (text(m.type)) parts.push(text(m.type)!);
  if (text(m.email)) parts.push(text(m.email)!);
  if (text(m.role)) parts.push(`role ${text(m.role)}`);
  if (text(m.changed)) parts.push(`changed ${text(m.changed)}`);
  if (typeof m.size === "number") parts.push(`${m.size} address${m.size === 1 ? "" : "es"}`);
  return parts.join(" · ");
}
