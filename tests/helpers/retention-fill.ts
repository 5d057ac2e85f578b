// Filling a database of a test's own with old data of every kind retention governs
// (docs/retention.md): organizations, messages, events aged after roll-up, webhook deliveries,
// audit entries, scheduled and inbound bodies, idempotency records.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createDatabase } from "./database";
import { resetEnvCache } from "@/lib/env";
import { closeDb, db, dbHandle } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import type { NewEvent } from "@/lib/events/publish-events";
import type { RetentionSettings } from "@/lib/retention/retention-settings";

/** The test file runs on a database of its own, migrated, dropped afterwards: its retention runs are the only ones on it. */
export function onOwnDatabase(name: string) {
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createDatabase(name);
    drop = database.drop;
    process.env.DATABASE_URL = database.url;
    resetEnvCache();
    await closeDb();
    await applyMigrations(dbHandle());
  });
  afterAll(async () => {
    await closeDb();
    await drop?.();
  });
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const TEN_DAYS: RetentionSettings = { eventsDays: 10, webhookDeliveriesDays: 10, auditDays: 10, messageBodiesDays: 10 };
export const FOREVER: RetentionSettings = { eventsDays: 0, webhookDeliveriesDays: 0, auditDays: 0, messageBodiesDays: 0 };
export const sql = <T = Record<string, unknown>>(statement: Prisma.Sql) => rawQuery<T>(statement);
export const count = async (rows: Prisma.Sql) =>
  Number((await sql<{ n: number }>(Prisma.sql`SELECT count(*)::int AS n FROM ${rows}`))[0].n);

export async function newOrg() {
  const org = await db().organization.create({ data: { name: `Retention ${randomUUID().slice(0, 8)}` } });
  const project = await db().project.create({ data: { orgId: org.id, name: "Default", isDefault: true } });
  return { orgId: org.id, projectId: project.id };
}

export async function newMessage(orgId: string, projectId: string) {
  const m = await db().message.create({
    data: {
      orgId,
      projectId,
      fromAddress: "news@example.test",
      to: ["r1@example.test"],
      cc: [],
      bcc: [],
      subject: "Hello",
      status: "sent",
      sendMode: "production",
      providerName: "alpha",
      messageIdHeader: `<${randomUUID()}@example.test>`,
    },
  });
  return m.id;
}

export const eventOf = (
  orgId: string,
  projectId: string,
  messageId: string,
  type: NewEvent["type"],
  recipient: string,
  at: number,
  extra: Partial<NewEvent> = {},
): NewEvent => ({
  orgId,
  projectId,
  messageId,
  type,
  recipient,
  sendMode: "production",
  occurredAt: new Date(at),
  source: "manual",
  ...extra,
});

/** Makes events of an organization look created `days` ago, once they are rolled up. */
export const age = (orgId: string, days: number) =>
  sql(Prisma.sql`UPDATE email_events SET created_at = created_at - make_interval(days => ${days}) WHERE org_id = ${orgId}::uuid`);

export async function endpoint(orgId: string) {
  const [e] = await sql<{ id: string }>(
    Prisma.sql`INSERT INTO webhook_endpoints (id, org_id, url, secret_sealed, is_active, updated_at) VALUES (gen_random_uuid(), ${orgId}::uuid, 'https://hooks.example.test/x', 'sealed', false, now()) RETURNING id::text`,
  );
  return e.id;
}

export async function delivery(orgId: string, endpointId: string, status: string, createdDaysAgo: number, eventId: string | null = null) {
  const [d] = await sql<{ id: string }>(
    Prisma.sql`INSERT INTO webhook_deliveries (id, org_id, endpoint_id, event_id, event_type, payload, status, created_at, next_attempt_at)
     VALUES (gen_random_uuid(), ${orgId}::uuid, ${endpointId}::uuid, ${eventId}::uuid, 'email.sent', '{}', ${status}, now() - make_interval(days => ${createdDaysAgo}), now() + interval '1 day') RETURNING id::text`,
  );
  await sql(
    Prisma.sql`INSERT INTO webhook_attempts (id, delivery_id, attempt, started_at, duration_ms, status_code, response_body, succeeded) VALUES (${`msg_${randomUUID()}`}, ${d.id}::uuid, 1, now(), 5, 500, 'nope', false)`,
  );
  return d.id;
}

export const audit = (orgId: string, daysAgo: number) =>
  sql(
    Prisma.sql`INSERT INTO audit_logs (id, org_id, actor_type, action, created_at) VALUES (gen_random_uuid(), ${orgId}::uuid, 'system', 'email.send', now() - make_interval(days => ${daysAgo}))`,
  );

export const BODY = {
  to: ["a@example.test"],
  subject: "Invoice",
  html: "<p>secret</p>",
  text: "secret",
  attachments: [{ filename: "a.pdf", content: "JVBERi0=" }],
  variables: { name: "Ann" },
  calendar: { method: "REQUEST", content: "BEGIN:VCALENDAR END:VCALENDAR" },
  metadata: { ref: 7 },
};

export async function scheduled(orgId: string, status: string, finishedDaysAgo: number) {
  const [s] = await sql<{ id: string }>(
    Prisma.sql`INSERT INTO scheduled_emails (id, org_id, email_data, scheduled_for, status, updated_at, created_at)
     VALUES (gen_random_uuid(), ${orgId}::uuid, ${JSON.stringify(BODY)}::jsonb, now() + interval '300 days', ${status}, now() - make_interval(days => ${finishedDaysAgo}), now() - make_interval(days => ${finishedDaysAgo})) RETURNING id::text`,
  );
  return s.id;
}

export async function inbound(orgId: string, status: string, receivedDaysAgo: number) {
  const [m] = await sql<{ id: string }>(
    Prisma.sql`INSERT INTO inbound_messages (id, org_id, source, status, from_address, subject, text, html, size, received_at)
     VALUES (gen_random_uuid(), ${orgId}::uuid, 'smtp', ${status}, 'ann@example.test', 'Re: hello', 'the reply', '<p>the reply</p>', 1234, now() - make_interval(days => ${receivedDaysAgo})) RETURNING id::text`,
  );
  await sql(
    Prisma.sql`INSERT INTO inbound_attachments (id, inbound_message_id, position, filename, content_type, size, content) VALUES (gen_random_uuid(), ${m.id}::uuid, 0, 'scan.pdf', 'application/pdf', 4, '\\x01020304'::bytea)`,
  );
  return m.id;
}

export const idempotencyKey = (orgId: string, key: string, hoursAgo: number) =>
  sql(
    Prisma.sql`INSERT INTO idempotency_keys (org_id, key, request_hash, response_status, response_body, created_at) VALUES (${orgId}::uuid, ${key}, 'h', 200, '{"id":"x"}', now() - make_interval(hours => ${hoursAgo}))`,
  );
