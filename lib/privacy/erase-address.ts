// Erasure: every trace of one address in one organization removed, or anonymised where a row
// must remain (docs/contacts.md, Erasure). The suppression list keeps a keyed hash of a
// suppressed address first, so the address is never mailed again even while the rest runs.
// The work is a series of short statements, never one long transaction: the large tables
// (messages, events, webhook deliveries, inbound mail, the audit log) are read once for the
// ids of the rows that hold the address, then changed BATCH rows a statement, so no statement
// holds many row locks for long. Every statement is idempotent: after a crash, erasing the
// address again finishes the work. The erasure is audited with its counts and the
// placeholder, never the address.
import { rawQuery } from "@/lib/db/raw-query";
import type { Prisma } from "@/lib/generated/prisma/client";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { likePattern } from "@/lib/db/like-pattern";
import { erasedKey, placeholderAddress } from "@/lib/privacy/erased-address";
import type { Erasure, ErasedCounts } from "@/lib/privacy/schemas";
import * as sql from "@/lib/privacy/erasure-sql";
import { assertNotOwnAddress } from "@/lib/privacy/own-address";
import { isUniqueViolation } from "@/lib/db/errors";

const BATCH = 500;

const count = async (statement: Prisma.Sql) => (await rawQuery<{ n: number }>(statement))[0]?.n ?? 0;

/** The tables the steps below handle themselves; every other table of the organization is swept. */
const HANDLED = new Set([
  "suppressions",
  "scheduled_emails",
  "contacts",
  "campaign_sends",
  "messages",
  "email_events",
  "scheduled_events",
  "engagement_firsts",
  "webhook_deliveries",
  "inbound_messages",
  "audit_logs",
  "idempotency_keys",
  "test_lists",
  "account_links",
  "system_mail_sends",
  "event_rollups",
  "engagement_rollups",
  "webhook_attempts",
  "contact_import_errors",
]);

const holder = globalThis as unknown as { __mailroomSweptTables?: Promise<Map<string, sql.SweptTable>> };

interface CatalogRow extends sql.SweptColumn {
  table: string;
  via_column: string | null;
  via_table: string | null;
}

/** Every other table of an organization's, with its text columns: read from the catalog once per process, so a new table is covered by itself. */
function sweptTables(): Promise<Map<string, sql.SweptTable>> {
  holder.__mailroomSweptTables ??= rawQuery<CatalogRow>(sql.SWEEPABLE_COLUMNS).then((rows) => {
    const tables = new Map<string, sql.SweptTable>();
    for (const { table, via_column, via_table, name, kind } of rows) {
      if (HANDLED.has(table)) continue;
      const swept = tables.get(table) ?? { via: via_column && via_table ? { column: via_column, table: via_table } : null, columns: [] };
      swept.columns.push({ name, kind });
      tables.set(table, swept);
    }
    return tables;
  });
  holder.__mailroomSweptTables.catch(() => (holder.__mailroomSweptTables = undefined));
  return holder.__mailroomSweptTables;
}

async function sweep(m: sql.AddressMatch): Promise<number> {
  let changed = 0;
  for (const [table, swept] of await sweptTables()) {
    try {
      changed += await count(sql.sweepStatement(m, table, swept));
    } catch (err) {
      // The placeholder would repeat a value a unique index allows once: each row gets its own.
      if (!isUniqueViolation(err)) throw err;
      changed += await count(sql.sweepStatement(m, table, swept, true));
    }
  }
  return changed;
}

/** Changes the rows of one large table that hold the address, BATCH at a time; the number changed. */
async function inBatches(
  table: Parameters<typeof sql.matchingIds>[0],
  m: sql.AddressMatch,
  change: (m: sql.AddressMatch, ids: string[]) => Prisma.Sql,
): Promise<number> {
  const ids = (await rawQuery<{ id: string }>(sql.matchingIds(table, m))).map((r) => r.id);
  let changed = 0;
  for (let i = 0; i < ids.length; i += BATCH) changed += await count(change(m, ids.slice(i, i + BATCH)));
  return changed;
}

export function addressMatch({ orgId, email }: { orgId: string; email: string }): sql.AddressMatch {
  const lower = email.toLowerCase();
  return {
    orgId,
    email: lower,
    re: sql.addressRegex(lower),
    like: likePattern(lower),
    likeEncoded: likePattern(encodeURIComponent(lower)),
    placeholder: placeholderAddress({ orgId, email: lower }),
    key: erasedKey({ orgId, email: lower }),
  };
}

/** Erases `email` from the principal's organization; `contactId` names the contact when the erasure was asked through it (the audit entry's target). */
export async function eraseAddress({
  principal,
  email,
  contactId,
}: {
  principal: Principal;
  email: string;
  contactId?: string;
}): Promise<Erasure> {
  await assertNotOwnAddress({ orgId: principal.orgId, email, field: contactId ? "params.id" : "body.email" });
  const m = addressMatch({ orgId: principal.orgId, email });
  const [{ kept }] = await rawQuery<{ kept: boolean }>(sql.suppressionStatement(m));
  const scheduledEmails = await count(sql.scheduledEmailsStatement(m));
  const [removed] = await rawQuery<{ contacts: number; memberships: number; enrolments: number }>(sql.contactStatement(m));
  const erased: ErasedCounts = {
    contacts: removed.contacts + (await count(sql.otherContactsStatement(m))),
    listMemberships: removed.memberships,
    sequenceEnrolments: removed.enrolments,
    scheduledEmails,
    campaignSends: await count(sql.campaignSendsStatement(m)),
    messages: await inBatches("messages", m, sql.messagesBatch),
    events: await inBatches("email_events", m, sql.eventsBatch),
    scheduledEvents: await count(sql.scheduledEventsStatement(m)),
    engagements: await count(sql.engagementStatement(m)),
    hourlyCounts: await count(sql.rollupsStatement(m)),
    webhookDeliveries: await inBatches("webhook_deliveries", m, sql.deliveriesBatch),
    webhookAttempts: await count(sql.attemptsStatement(m)),
    inboundMessages: await inBatches("inbound_messages", m, sql.inboundBatch),
    idempotencyKeys: await count(sql.idempotencyStatement(m)),
    importErrors: await count(sql.importErrorsStatement(m)),
    testLists: await count(sql.testListsStatement(m)),
    accountLinks: await count(sql.accountLinksStatement(m)),
    systemMailSends: await count(sql.systemMailStatement(m)),
    other: await sweep(m),
    // Last: the entries of the steps above (none are written) and every earlier one.
    auditEntries: await inBatches("audit_logs", m, sql.auditBatch),
  };
  const result: Erasure = { erased, suppressionKept: kept, placeholder: m.placeholder };
  await recordAudit({
    orgId: principal.orgId,
    ...actorOf(principal),
    action: "privacy.erased",
    targetType: contactId ? "contact" : "address",
    targetId: contactId ?? m.placeholder,
    metadata: { ...result },
  });
  return result;
}
