// Indexes of columns that are NULL on most rows hold only the rows that have a value (each
// NULL row would have written an entry with every event and every new version of a message),
// and the statements that look rows up by those columns still read through them.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

describe("partial indexes", () => {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  /** The plan of `sql` with sequential scans priced out, as one text. */
  async function planOf(sql: string): Promise<string> {
    await client.query("BEGIN");
    try {
      await client.query("SET LOCAL enable_seqscan = off");
      return (await client.query(`EXPLAIN ${sql}`)).rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
    } finally {
      await client.query("ROLLBACK");
    }
  }

  /** Whether a plan reads through the index `name` (an index or bitmap index scan). */
  const readsThrough = (name: string) => new RegExp(`(Index Scan using|Index Only Scan using|Bitmap Index Scan on) ${name} `);

  it("leave NULL rows out, and keep the campaign send unique", async () => {
    const { rows } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE indexname = ANY($1)`,
      [["email_events_campaign_send_id_idx", "messages_campaign_send_id_key", "messages_provider_message_id_idx"]],
    );
    const defs = Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
    expect(defs.email_events_campaign_send_id_idx).toContain("WHERE (campaign_send_id IS NOT NULL)");
    expect(defs.messages_campaign_send_id_key).toMatch(/^CREATE UNIQUE INDEX .* WHERE \(campaign_send_id IS NOT NULL\)$/);
    expect(defs.messages_provider_message_id_idx).toContain("WHERE (provider_message_id IS NOT NULL)");
  });

  it("serve a campaign's per-recipient probe and a provider's events", async () => {
    // The shape of campaign-stats.ts's probe: one index scan per recipient row, inside a lateral join.
    expect(
      await planOf(`SELECT t.type, count(*) FROM campaign_sends cs
        CROSS JOIN LATERAL (SELECT DISTINCT e.type FROM email_events e WHERE e.campaign_send_id = cs.id AND e.type = 'email.opened') t
        WHERE cs.campaign_id = gen_random_uuid() GROUP BY 1`),
    ).toMatch(readsThrough("email_events_campaign_send_id_idx"));
    // ingest-provider-events.ts: a provider's report finds its messages by their provider ids.
    expect(await planOf(`SELECT id FROM messages WHERE provider_message_id = ANY ('{a,b}'::text[])`)).toMatch(
      readsThrough("messages_provider_message_id_idx"),
    );
    expect(await planOf(`SELECT id FROM messages m WHERE m.campaign_send_id = gen_random_uuid()`)).toMatch(
      readsThrough("messages_campaign_send_id_key"),
    );
  });
});
