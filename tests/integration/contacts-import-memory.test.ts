// A 100,000-row CSV (about 90 MiB), generated as it is sent, streamed to a server of its own:
// every contact arrives, and the server's memory stays within 200 MiB of where it started,
// which it could not if the upload were held whole (as bytes and again as parsed strings).
// Then 900 rows of 100 properties of 1,000 characters each (about 90 MiB again): a batch of
// 1,000 such rows would hold the whole file, so batches are cut by size too.
// The server's resident memory (VmRSS of its process and any children) is sampled every
// 100 ms during the import, and the kernel's high-water mark (VmHWM) catches peaks between
// samples.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { ownServer, type OwnServer } from "../helpers/own-server";
import { treeHwm, treeRss } from "../helpers/process-memory";

const ROWS = 100_000;
const MiB = 1024 * 1024;
const NOTE = "n".repeat(900);

/** A CSV of `rows` rows after `header`, produced `chunk` rows at a time as the upload asks for it. */
function generatedCsv(header: string, rows: number, chunk: number, line: (i: number) => string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next === 0) controller.enqueue(encoder.encode(`${header}\n`));
      if (next >= rows) return controller.close();
      const lines: string[] = [];
      for (const end = Math.min(next + chunk, rows); next < end; next++) lines.push(line(next));
      controller.enqueue(encoder.encode(lines.join("\n") + "\n"));
    },
  });
}

/** Streams `body` to the import route while sampling the server's memory: the answer and the peak above the baseline. */
async function importMeasured(s: OwnServer, body: ReadableStream<Uint8Array>) {
  const base = s.server.url;
  const pid = s.server.process.pid!;
  // Warm up: the import route and its modules loaded before the baseline is taken.
  const warm = await call("/api/v1/contacts/import", {
    base,
    key: s.key,
    method: "POST",
    raw: "email\nwarm@example.test\n",
    headers: { "content-type": "text/csv" },
  });
  expect(warm.status).toBe(201);
  await new Promise((r) => setTimeout(r, 1_000));
  const baseline = treeRss(pid);
  const hwmBefore = treeHwm(pid);
  expect(baseline).toBeGreaterThan(0);

  let peak = baseline;
  let samples = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRss(pid));
    samples++;
  }, 100);
  let res: Response;
  try {
    res = await fetch(`${base}/api/v1/contacts/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${s.key}`, "content-type": "text/csv" },
      body,
      duplex: "half",
    } as RequestInit);
  } finally {
    clearInterval(sampler);
  }
  const answer = { status: res.status, body: await res.json() };
  const hwmAfter = treeHwm(pid);
  // A new high-water mark was set during the import: it is the true peak.
  if (hwmAfter > hwmBefore) peak = Math.max(peak, hwmAfter);
  expect(samples).toBeGreaterThan(5);
  return { answer, growth: peak, baseline, over: `baseline ${(baseline / MiB).toFixed(0)} MiB, peak ${(peak / MiB).toFixed(0)} MiB` };
}

describe("contact import memory", () => {
  it("imports 100,000 streamed rows with the server's memory under 200 MiB above its baseline", { timeout: 600_000 }, async () => {
    const s = await ownServer({ scopes: ["contacts:read", "contacts:write"] });
    try {
      for (const [key, type] of [
        ["plan", "string"],
        ["seats", "number"],
        ["note", "string"],
      ]) {
        expect((await call("/api/v1/contacts/properties", { base: s.server.url, key: s.key, body: { key, type } })).status).toBe(201);
      }
      const csv = generatedCsv(
        "email,name,plan,seats,note",
        ROWS,
        1000,
        (i) => `user${i}@example.test,User ${i},${i % 2 ? "pro" : "free"},${i % 50},${NOTE}`,
      );
      const { answer, growth, baseline, over } = await importMeasured(s, csv);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.data).toMatchObject({ status: "completed", rows: ROWS, created: ROWS, updated: 0, failed: 0 });
      expect(growth - baseline, over).toBeLessThan(200 * MiB);

      const counted = await s.sql.query(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE properties ->> 'note' = $1)::int AS with_note FROM contacts WHERE email LIKE 'user%@example.test'`,
        [NOTE],
      );
      expect(counted.rows[0]).toEqual({ n: ROWS, with_note: ROWS });
      const sample = await s.sql.query(`SELECT name, properties FROM contacts WHERE email = 'user4321@example.test'`);
      expect(sample.rows[0]).toEqual({ name: "User 4321", properties: { plan: "pro", seats: 21, note: NOTE } });
    } finally {
      await s.server.stop();
      await s.sql.end();
      await s.database.drop();
    }
  });

  it(
    "imports 900 rows of 100 long properties each (90 MiB) with the server's memory under 200 MiB above its baseline",
    { timeout: 600_000 },
    async () => {
      const s = await ownServer({ scopes: ["contacts:read", "contacts:write"] });
      try {
        const keys = Array.from({ length: 100 }, (_, i) => `p${i}`);
        // Defined in the database: a hundred requests would meet the key's rate limit.
        await s.sql.query(
          `INSERT INTO contact_properties (id, org_id, key, type) SELECT gen_random_uuid(), o.id, k, 'string' FROM organizations o, unnest($1::text[]) k`,
          [keys],
        );
        const value = (i: number) => `${i}`.padEnd(1000, "w");
        const csv = generatedCsv(`email,${keys.join(",")}`, 900, 10, (i) => `wide${i}@example.test,${keys.map(() => value(i)).join(",")}`);
        const { answer, growth, baseline, over } = await importMeasured(s, csv);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        expect(answer.body.data).toMatchObject({ status: "completed", rows: 900, created: 900, failed: 0 });
        expect(growth - baseline, over).toBeLessThan(200 * MiB);
        const sample = await s.sql.query(
          `SELECT properties ->> 'p99' AS p99, (SELECT count(*) FROM jsonb_object_keys(properties))::int AS n FROM contacts WHERE email = 'wide321@example.test'`,
        );
        expect(sample.rows[0]).toEqual({ p99: value(321), n: 100 });
      } finally {
        await s.server.stop();
        await s.sql.end();
        await s.database.drop();
      }
    },
  );
});
