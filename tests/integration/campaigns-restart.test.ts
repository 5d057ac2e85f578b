// Exactly once across a crash: a campaign to 5,000 contacts, its server killed with SIGKILL in
// the middle of sending and started again on the same database. The SMTP sink (in this
// process, so it outlives the server) counts what each recipient got. No recipient gets two
// messages; every recipient gets exactly one, except those the campaign reports failed as
// "interrupted while the provider had it" (at most the sends in flight when it died), which
// got at most one; the campaign's counts are the sink's; and its batch loop carried on as
// itself (the job the kill left running queued again), never beside a second one.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { startServer, type RunningServer } from "../helpers/server";
import { ownServer } from "../helpers/own-server";
import { newSink, SINK_PASSWORD, SINK_USER } from "../helpers/sending";
import { CONCURRENCY } from "@/lib/campaigns/run-batch";
import { INTERRUPTED } from "@/lib/campaigns/settle-sends";

const RECIPIENTS = 5_000;
const KILL_AFTER = 1_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("restart", () => {
  it("sends a campaign to 5,000 contacts once each, across a SIGKILL mid-campaign", async () => {
    const sink = await newSink();
    const s = await ownServer({ scopes: ["campaigns:read", "campaigns:write", "email:send"] });
    let restarted: RunningServer | undefined;
    try {
      const one = async <T>(text: string, params: unknown[] = []) => (await s.sql.query(text, params)).rows[0] as T;
      // Bulk sending itself is tested elsewhere (campaigns-bulk.test.ts): 5,000 is under this threshold.
      await s.sql.query(`UPDATE organizations SET monthly_send_allowance = 1000000, require_2fa_threshold = 10000`);
      const { id: orgId } = await one<{ id: string }>(`SELECT id FROM organizations LIMIT 1`);
      const provider = await call("/api/providers", {
        base: s.server.url,
        cookie: s.cookie,
        body: {
          name: "sink",
          type: "smtp",
          config: { host: "127.0.0.1", port: sink.port, secure: false, username: SINK_USER, password: SINK_PASSWORD },
        },
      });
      expect(provider.status).toBe(201);
      const { id: listId } = await one<{ id: string }>(
        `INSERT INTO contact_lists (id, org_id, name, updated_at) VALUES (gen_random_uuid(), $1, 'Everyone', now()) RETURNING id`,
        [orgId],
      );
      await s.sql.query(
        `INSERT INTO contacts (id, org_id, email, name, updated_at) SELECT gen_random_uuid(), $1, 'r' || i || '@restart.test', 'Reader ' || i, now() FROM generate_series(1, $2::int) i`,
        [orgId, RECIPIENTS],
      );
      await s.sql.query(`INSERT INTO contact_list_members (list_id, contact_id) SELECT $1, id FROM contacts WHERE org_id = $2`, [
        listId,
        orgId,
      ]);
      const { id: senderId } = await one<{ id: string }>(`SELECT id FROM senders WHERE email = 'ann@sender.test'`);

      const created = await call("/api/v1/campaigns", {
        base: s.server.url,
        key: s.key,
        body: { name: "Big one", listId, senderId, subject: "Hi {{name}}", text: "Hello {{name}}" },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      const started = await call(`/api/v1/campaigns/${id}/send`, { base: s.server.url, key: s.key, method: "POST" });
      expect(started.status).toBe(200);
      expect(started.body.data.counts.recipients).toBe(RECIPIENTS);

      for (let i = 0; i < 1_200 && sink.messages.length < KILL_AFTER; i++) await sleep(50);
      expect(sink.messages.length).toBeGreaterThanOrEqual(KILL_AFTER);
      await s.server.stop("SIGKILL");
      const atKill = sink.messages.length;
      expect(atKill).toBeLessThan(RECIPIENTS); // killed mid-campaign
      expect((await one<{ status: string }>(`SELECT status FROM campaigns WHERE id = $1`, [id])).status).toBe("sending");

      restarted = await startServer(s.serverEnv);
      let status = "sending";
      for (let i = 0; i < 2_400 && status !== "sent"; i++) {
        await sleep(100);
        status = (await one<{ status: string }>(`SELECT status FROM campaigns WHERE id = $1`, [id])).status;
      }
      expect(status).toBe("sent");
      expect(sink.messages.length).toBeGreaterThan(atKill); // the restarted server carried on

      // What the sink got, per recipient and per Message-ID.
      const perRecipient = new Map<string, number>();
      const messageIds = new Set<string>();
      for (const m of sink.messages) {
        for (const r of m.rcptTo) perRecipient.set(r, (perRecipient.get(r) ?? 0) + 1);
        const header = /^Message-ID:\s*(\S+)/im.exec(m.raw.toString("utf8"))?.[1];
        expect(header).toBeTruthy();
        messageIds.add(header!);
      }
      expect(messageIds.size).toBe(sink.messages.length);
      expect([...perRecipient.values()].filter((n) => n > 1)).toEqual([]);

      // What the campaign says, per recipient.
      const rows = (await s.sql.query(`SELECT email, status, error FROM campaign_sends WHERE campaign_id = $1`, [id])).rows as {
        email: string;
        status: string;
        error: string | null;
      }[];
      expect(rows).toHaveLength(RECIPIENTS);
      const sent = rows.filter((r) => r.status === "sent");
      const interrupted = rows.filter((r) => r.status === "failed" && r.error === INTERRUPTED);
      expect(sent.length + interrupted.length).toBe(RECIPIENTS); // nothing pending, skipped or failed otherwise
      expect(interrupted.length).toBeLessThanOrEqual(CONCURRENCY);
      for (const r of sent) expect(perRecipient.get(r.email), r.email).toBe(1);
      for (const r of interrupted) expect(perRecipient.get(r.email) ?? 0, r.email).toBeLessThanOrEqual(1);
      const interruptedReceived = interrupted.filter((r) => perRecipient.has(r.email)).length;

      // The campaign's counts are the sink's.
      const final = await call(`/api/v1/campaigns/${id}`, { base: restarted.url, key: s.key });
      expect(final.body.data.counts).toEqual({
        recipients: RECIPIENTS,
        pending: 0,
        sending: 0,
        sent: sent.length,
        failed: interrupted.length,
        skipped: 0,
      });
      expect(final.body.data.stats.sent).toBe(perRecipient.size - interruptedReceived);
      const messages = await one<{ sent: number; queued: number }>(
        `SELECT count(*) FILTER (WHERE m.status = 'sent')::int AS sent, count(*) FILTER (WHERE m.status = 'queued')::int AS queued
         FROM messages m JOIN campaign_sends cs ON cs.id = m.campaign_send_id WHERE cs.campaign_id = $1`,
        [id],
      );
      expect(messages.sent).toBe(sent.length);
      expect(messages.queued).toBe(interrupted.length);
      // The loop carried on as itself: the batch job the kill left running was queued again (or its successor ran), no second loop was started beside it.
      const loops = await one<{ watchdog: number }>(
        `SELECT count(*)::int AS watchdog FROM jobs WHERE name = 'campaign.send-batch' AND dedupe_key LIKE 'campaign-batch:' || $1 || ':watchdog:%'`,
        [id],
      );
      expect(loops.watchdog).toBe(0);
    } finally {
      await restarted?.stop();
      await s.server.stop();
      await s.sql.end();
      await s.database.drop();
      await sink.close();
    }
  }, 420_000);
});
