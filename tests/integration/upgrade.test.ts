// Upgrading (docs/upgrading.md): a database the previous release migrated and filled is
// opened by the current server, which applies the newer migrations itself at start-up; the
// old data stays intact and usable over real HTTP: old users sign in with their passwords,
// the old API key works, timelines, templates, contacts, webhook history are there, sealed
// provider and webhook secrets still open, and scheduled sends keep their course.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { openPostgres } from "@/lib/db/client";
import { applyMigrations, readMigrations } from "@/lib/db/migrate";
import { createDatabase } from "../helpers/database";
import { startServer, type RunningServer } from "../helpers/server";
import { call } from "../helpers/http";
import { signIn, signInOrThrow } from "../helpers/sign-in";
import { newSink } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { startReceiver, verifyByHand, type Receiver } from "../helpers/webhook-receiver";
import {
  IDS,
  OLD,
  PREVIOUS_RELEASE_LAST,
  UPGRADE_ENCRYPTION_KEY,
  previousReleaseMigrations,
  seedPreviousRelease,
} from "../helpers/previous-release";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

let server: RunningServer;
let sql: pg.Client;
let sink: SmtpSink;
let receiver: Receiver;
let base: string;
const key = OLD.apiKey;
const laterAt = new Date(Date.now() + 30 * 86_400_000);
const newer = readMigrations()
  .filter((m) => m.name > PREVIOUS_RELEASE_LAST)
  .map((m) => m.name);

beforeAll(async () => {
  const database = await createDatabase("mailroom_upgrade");
  cleanups.push(database.drop);
  // The previous release's start-up: its migrations only.
  const old = openPostgres(database.url, 1);
  expect(await applyMigrations(old, previousReleaseMigrations())).toEqual(previousReleaseMigrations().map((m) => m.name));
  await old.prisma.$disconnect();

  sink = await newSink();
  receiver = await startReceiver();
  cleanups.push(
    () => sink.close(),
    () => receiver.close(),
  );
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  cleanups.push(() => sql.end());
  // One scheduled send comes due while the server is down for the upgrade.
  await seedPreviousRelease(sql, {
    smtpPort: sink.port,
    webhookUrl: receiver.url("/orders"),
    laterAt,
    dueAt: new Date(Date.now() + 1_000),
  });

  // The current release starts on it with the instance's same ENCRYPTION_KEY.
  server = await startServer({ ...inject("serverEnv"), DATABASE_URL: database.url, ENCRYPTION_KEY: UPGRADE_ENCRYPTION_KEY });
  cleanups.push(() => server.stop());
  base = server.url;
});

describe("upgrade from the previous release", () => {
  it("applies the newer migrations at start-up, each once, and adds no bootstrap owner", async () => {
    const rows = await sql.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
    );
    expect(rows.rows.map((r) => r.migration_name)).toEqual(readMigrations().map((m) => m.name));
    for (const name of newer) expect(server.output()).toContain(name);
    const users = await sql.query<{ email: string }>(`SELECT email FROM users ORDER BY email`);
    expect(users.rows.map((u) => u.email)).toEqual([OLD.admin.email, OLD.owner.email]);
  });

  it("forgets a provider's last error kept from a remote reply: the dashboard never shows what a host answered", async () => {
    const rows = await sql.query<{ last_error: string | null }>(`SELECT last_error FROM providers WHERE id = $1`, [IDS.provider]);
    expect(rows.rows).toEqual([{ last_error: null }]);
    const owner = await signInOrThrow(OLD.owner.email, OLD.owner.password, base);
    const listed = await call("/api/providers", { base, cookie: owner });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain("security-credentials");
  });

  it("old users sign in with their old passwords, with their old roles", async () => {
    const owner = await signInOrThrow(OLD.owner.email, OLD.owner.password, base);
    const admin = await signInOrThrow(OLD.admin.email, OLD.admin.password, base);
    expect((await signIn(OLD.owner.email, "not the password", base)).cookie).toBeNull();
    const members = await call("/api/org/members", { base, cookie: owner });
    expect(members.status).toBe(200);
    const roles = Object.fromEntries(members.body.members.map((m: { email: string; role: string }) => [m.email, m.role]));
    expect(roles).toEqual({ [OLD.owner.email]: "owner", [OLD.admin.email]: "admin" });
    // A feature the old schema did not have works for the old organization.
    expect((await call("/api/oauth-apps", { base, cookie: admin })).status).toBe(200);
  });

  it("the old API key still works, within its old scopes", async () => {
    const org = await call("/api/v1/organization", { base, key });
    expect(org.status).toBe(200);
    expect(org.body.data).toMatchObject({ id: IDS.org, name: "Acme (previous release)", plan: "starter" });
    expect((await call("/api/v1/domains", { base, key })).status).toBe(403); // never had domains:read
  });

  it("the message's timeline is there, oldest first", async () => {
    const res = await call(`/api/v1/analytics/messages/${IDS.message}`, { base, key });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toMatchObject({ id: IDS.message, subject: "Your receipt", providerName: "Relay" });
    // Its status was worked out from its events by the migration that brought reported statuses.
    expect(res.body.data.message).toMatchObject({ status: "opened", recipients: [{ email: OLD.customer, status: "opened" }] });
    expect(res.body.data.events.map((e: { id: string; type: string }) => [e.id, e.type])).toEqual([
      [IDS.sent, "email.sent"],
      [IDS.delivered, "email.delivered"],
      [IDS.opened, "email.opened"],
    ]);
  });

  it("templates, contacts, lists and suppressions read back as written", async () => {
    const template = await call(`/api/v1/templates/${IDS.template}`, { base, key });
    expect(template.body.data).toMatchObject({
      name: "Welcome",
      version: 2,
      subject: "Welcome, {{name}}",
      variables: [{ name: "name", required: true }],
    });
    expect(
      (await call(`/api/v1/templates/${IDS.template}/versions`, { base, key })).body.data.map((v: { version: number }) => v.version).sort(),
    ).toEqual([1, 2]);
    const contact = await call(`/api/v1/contacts/${IDS.contactA}`, { base, key });
    expect(contact.body.data).toMatchObject({
      email: "customer@example.test",
      name: "Carla Customer",
      properties: { plan: "pro" },
      subscriptionStatus: "subscribed",
    });
    expect((await call(`/api/v1/contacts/${IDS.contactB}`, { base, key })).body.data.subscriptionStatus).toBe("unsubscribed");
    expect((await call(`/api/v1/lists/${IDS.list}`, { base, key })).body.data).toMatchObject({
      name: "Customers",
      members: 2,
      subscribedMembers: 1,
    });
    const suppressions = await call("/api/v1/suppressions", { base, key });
    expect(suppressions.body.data.map((x: { email: string; reason: string }) => [x.email, x.reason])).toEqual([
      ["bounced@example.test", "bounce"],
    ]);
  });

  it("the webhook endpoint keeps its history, and its sealed secret still signs", async () => {
    const endpoint = await call(`/api/v1/webhook-endpoints/${IDS.endpoint}`, { base, key });
    expect(endpoint.body.data).toMatchObject({ url: receiver.url("/orders"), events: ["email.delivered", "email.bounced"] });
    const owner = await signInOrThrow(OLD.owner.email, OLD.owner.password, base);
    const history = await call(`/api/webhook-endpoints/${IDS.endpoint}/deliveries`, { base, cookie: owner });
    expect(history.body.total).toBe(1);
    expect(history.body.deliveries[0]).toMatchObject({ id: IDS.delivery, status: "succeeded", attempts: 2 });
    expect(history.body.deliveries[0].attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([503, 200]);

    const test = await call(`/api/webhook-endpoints/${IDS.endpoint}/test`, { base, cookie: owner, method: "POST" });
    expect(test.body).toMatchObject({ success: true, statusCode: 200 });
    const [hit] = await receiver.waitFor("/orders", 1);
    expect(verifyByHand(hit, OLD.webhookSecret)).toBe(true);
  });

  it("the old provider's sealed credentials still open: a new send goes out through it", async () => {
    const res = await call("/api/v1/email/send", {
      base,
      key,
      body: { from: OLD.sender, to: OLD.customer, subject: "After the upgrade", text: "Still here." },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "sent", provider: "Relay" });
    await until(() => sink.messages.some((m) => m.raw.toString().includes("Subject: After the upgrade")));
  });

  it("a scheduled send far ahead is still scheduled; one that came due during the upgrade is sent", async () => {
    const later = await call(`/api/v1/email/scheduled/${IDS.laterEmail}`, { base, key });
    expect(later.body.data).toMatchObject({
      status: "scheduled",
      scheduledFor: laterAt.toISOString(),
      emailData: { subject: "Next month's newsletter" },
    });
    await until(async () => (await call(`/api/v1/email/scheduled/${IDS.dueEmail}`, { base, key })).body.data.status === "sent");
    expect(sink.messages.some((m) => m.raw.toString().includes("Subject: Your weekly digest"))).toBe(true);
    expect(sink.messages.some((m) => m.raw.toString().includes("Subject: Next month's newsletter"))).toBe(false);
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}
