// Retention per organization (docs/retention.md): each organization may keep each kind of data
// for less time than the instance does, never longer. The instance's settings are the ceiling
// (0: forever); an organization's own days (null: the instance's) apply when shorter, and the
// retention run applies the shorter of the two.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { retentionSettings, type RetentionSettings } from "@/lib/retention/retention-settings";

/** The kinds an organization can shorten: its column, the instance's setting, and what goes. */
export const RETENTION_KINDS = {
  events: { column: "retentionEventsDays", setting: "eventsDays", what: "email events: each message's timeline (the report counts stay)" },
  webhookDeliveries: {
    column: "retentionWebhookDeliveriesDays",
    setting: "webhookDeliveriesDays",
    what: "finished webhook deliveries, their attempts and response bodies",
  },
  audit: { column: "retentionAuditDays", setting: "auditDays", what: "audit log entries" },
  messageBodies: {
    column: "retentionMessageBodiesDays",
    setting: "messageBodiesDays",
    what: "the html and text of sent, scheduled and received mail (the rows, addresses and statuses stay)",
  },
} as const;
export type RetentionKind = keyof typeof RETENTION_KINDS;
export const RETENTION_KIND_NAMES = Object.keys(RETENTION_KINDS) as RetentionKind[];
type OrgColumns = { [K in RetentionKind as (typeof RETENTION_KINDS)[K]["column"]]: number | null };

/** Days a kind is kept, given the organization's days and the instance's (0 or null: forever); null means forever. */
export function keptDays(orgDays: number | null, instanceDays: number): number | null {
  if (instanceDays === 0) return orgDays;
  return orgDays === null ? instanceDays : Math.min(orgDays, instanceDays);
}

/** Per kind: how long it is kept (null: forever), the organization's own setting and the instance's ceiling. */
export function retentionView(org: OrgColumns, instance: RetentionSettings = retentionSettings()) {
  return Object.fromEntries(
    RETENTION_KIND_NAMES.map((kind) => {
      const { column, setting, what } = RETENTION_KINDS[kind];
      const instanceDays = instance[setting];
      return [kind, { days: keptDays(org[column], instanceDays), organizationDays: org[column], instanceDays: instanceDays || null, what }];
    }),
  ) as Record<RetentionKind, { days: number | null; organizationDays: number | null; instanceDays: number | null; what: string }>;
}

/** The columns a retention change sets; refused (400, naming the field) where it would keep longer than the instance. */
export function retentionColumns(input: Partial<Record<RetentionKind, number | null>>, instance: RetentionSettings = retentionSettings()) {
  const data: Partial<OrgColumns> = {};
  for (const kind of RETENTION_KIND_NAMES) {
    const days = input[kind];
    if (days === undefined) continue;
    const ceiling = instance[RETENTION_KINDS[kind].setting];
    if (days !== null && ceiling > 0 && days > ceiling) {
      const message = `at most ${ceiling} days: this instance keeps ${kind} ${ceiling} days, and an organization may only keep less`;
      throw new AppError("VALIDATION_ERROR", `Invalid request: body.retention.${kind}: ${message}`, [
        { path: `body.retention.${kind}`, message },
      ]);
    }
    data[RETENTION_KINDS[kind].column] = days;
  }
  return data;
}

/** The organizations keeping some kind for less time than the instance, with their days. */
export async function organizationsKeepingLess(instance: RetentionSettings): Promise<({ id: string } & OrgColumns)[]> {
  const orgs = await db().organization.findMany({
    where: { OR: RETENTION_KIND_NAMES.map((kind) => ({ [RETENTION_KINDS[kind].column]: { not: null } })) },
    select: {
      id: true,
      retentionEventsDays: true,
      retentionWebhookDeliveriesDays: true,
      retentionAuditDays: true,
      retentionMessageBodiesDays: true,
    },
  });
  return orgs.filter((org) =>
    RETENTION_KIND_NAMES.some((kind) => {
      const { column, setting } = RETENTION_KINDS[kind];
      return org[column] !== null && keptDays(org[column], instance[setting]) !== keptDays(null, instance[setting]);
    }),
  );
}
