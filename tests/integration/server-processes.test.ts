// `npm start` with WEB_CONCURRENCY=2 (scripts/serve.mjs, docs/operations.md): two server
// processes share the port; only the host process runs the once-per-host work (migrations, the
// first owner, the embedded runner, the SMTP listeners); work announced by the other reaches the
// host's runner at once (the poll here is ten minutes); a process that dies is replaced; SIGTERM
// drains and stops them all.
import { readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call } from "../helpers/http";
import { ownServer, type OwnServer } from "../helpers/own-server";
import { freePort, startAndWaitForExit } from "../helpers/server";
import { until } from "../helpers/until";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

/** The server processes the supervisor runs. */
function workers(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** GET over a connection of its own (fetch would reuse its pooled ones): the supervisor hands each new connection to the next process. */
const getAlone = (url: string) =>
  new Promise<number>((resolve, reject) =>
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject),
  );

/** 20 requests at once to /api/health, each on a new connection; answers the pids seen serving it so far. */
async function spreadHealthChecks(base: string, output: () => string) {
  await Promise.all(Array.from({ length: 20 }, () => getAlone(`${base}/api/health`)));
  return pidsServing(output(), "GET /api/health");
}

/** The pids on the log lines of requests to `route` (each line of a supervised process carries its pid). */
function pidsServing(output: string, route: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    const entry = JSON.parse(line) as { msg?: string; route?: string; pid?: number };
    if (entry.msg === "request" && entry.route === route && entry.pid) pids.add(entry.pid);
  }
  return pids;
}

describe("npm start with WEB_CONCURRENCY=2", () => {
  let own: OwnServer;
  let receiver: Receiver;
  let primary: number;

  beforeAll(async () => {
    receiver = await startReceiver();
    own = await ownServer({
      scopes: ["email:send", "webhooks:write"],
      unthrottled: true,
      env: {
        WEB_CONCURRENCY: "2",
        JOB_POLL_MS: "600000", // only a wake gets work run in time
        INBOUND_SMTP_PORT: String(await freePort()),
        ALLOW_PRIVATE_WEBHOOK_URLS: "1",
      },
    });
    primary = own.server.process.pid!;
    await until(
      async () => workers(primary).length,
      (n) => n === 2,
    );
    // The web process answers once it has started too.
    await until(
      async () => (await fetch(`${own.server.url}/api/health/ready`)).status,
      (s) => s === 200,
    );
  });

  /** `count` sends at once (fetch opens a connection for each it cannot reuse: both processes get some). */
  const sendAtOnce = (count: number, prefix: string) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        call("/api/v1/email/send", {
          base: own.server.url,
          key: own.key,
          body: { from: "ann@sender.test", to: `${prefix}-${i}@example.test`, subject: `Hello ${prefix} ${i}`, text: "Hi" },
        }),
      ),
    );

  /** The email ids of the email.sent deliveries received, once there are `count`. */
  const deliveredIds = async (count: number) =>
    new Set((await receiver.waitFor("/hook", count, 30_000)).map((r) => (JSON.parse(r.body) as { email_id: string }).email_id));

  afterAll(async () => {
    await own?.close("SIGKILL");
    await receiver?.close();
  });

  it("serves from both processes; the once-per-host work runs in one", async () => {
    const output = () => own.server.output();
    expect(output()).toContain("Mailroom: 2 server processes (WEB_CONCURRENCY).");
    // Many clients at once: the port is shared, so both processes answer some.
    await until(
      () => spreadHealthChecks(own.server.url, output),
      (pids) => pids.size === 2,
    );
    expect([...pidsServing(output(), "GET /api/health")].sort()).toEqual(workers(primary).sort());
    // Each process it started has two malloc arenas (the test's environment sets none).
    for (const pid of workers(primary)) expect(readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")).toContain("MALLOC_ARENA_MAX=2");
    expect(output().match(/"msg":"inbound SMTP listening"/g)).toHaveLength(1);
    expect(output().match(/"msg":"migrations applied"/g)).toHaveLength(1);
    expect(output().match(/Mailroom created your owner account/g) ?? []).toHaveLength(0); // the test's owner came from the environment
    const { rows } = await own.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`);
    expect(rows[0].n).toBe(1);
  });

  it("runs work announced by either process at once: every send's webhook is delivered", async () => {
    const endpoint = await call("/api/v1/webhook-endpoints", {
      base: own.server.url,
      key: own.key,
      body: { url: receiver.url("/hook"), events: ["email.sent"] },
    });
    expect(endpoint.status).toBe(201);
    const sends = await sendAtOnce(12, "reader");
    expect(sends.map((s) => s.status)).toEqual(Array(12).fill(200));
    // Both processes answered sends: the web process's announcements crossed to the host's runner.
    expect(pidsServing(own.server.output(), "POST /api/v1/email/send").size).toBe(2);
    expect(await deliveredIds(12)).toEqual(new Set(sends.map((s) => s.body.data.id)));
  });

  it("starts another host process when it dies, and the work the other announces reaches the new one", async () => {
    const listening = own.server.output().match(/"pid":(\d+),[^\n]*"msg":"inbound SMTP listening"/);
    const host = Number(listening![1]);
    const [web] = workers(primary).filter((pid) => pid !== host);
    process.kill(host, "SIGKILL");
    await until(
      async () => workers(primary),
      (pids) => pids.length === 2 && !pids.includes(host),
    );
    expect(workers(primary)).toContain(web);
    expect(own.server.output()).toContain("a server process (host) exited (SIGKILL); starting another.");
    // The new host process has started its runner and listener, and serves.
    const [replacement] = workers(primary).filter((pid) => pid !== web);
    await until(
      async () => own.server.output().match(/"msg":"inbound SMTP listening"/g)?.length ?? 0,
      (n) => n === 2,
    );
    await until(
      () => spreadHealthChecks(own.server.url, () => own.server.output()),
      (pids) => pids.has(replacement),
    );
    // Sends answered by either process are delivered at once: the web process's announcements reach the new host.
    const sends = await sendAtOnce(6, "later");
    expect(sends.map((s) => s.status)).toEqual(Array(6).fill(200));
    const ids = await deliveredIds(18);
    for (const s of sends) expect(ids).toContain(s.body.data.id);
  });

  it("stops every process on SIGTERM, each once its work in flight is done", async () => {
    const pids = workers(primary);
    own.server.process.kill("SIGTERM");
    const { code, signal } = await own.server.exited;
    expect({ code, signal }).toEqual({ code: 143, signal: null });
    expect(pids.filter(alive)).toEqual([]);
    expect(own.server.output().match(/"msg":"work in flight finished"/g)).toHaveLength(2);
  });
});

describe("WEB_CONCURRENCY unset or wrong", () => {
  it("unset: one process per core, at most 4 and one per 768 MiB", async () => {
    const own = await ownServer({ scopes: ["email:send"], env: { WEB_CONCURRENCY: "" } });
    try {
      const expected = Math.max(1, Math.min(os.availableParallelism(), 4, Math.floor(os.totalmem() / (768 * 1024 * 1024))));
      const primary = own.server.process.pid!;
      await until(
        async () => workers(primary).length,
        (n) => n === (expected === 1 ? 0 : expected),
      );
    } finally {
      await own.close();
    }
  });

  it("refuses a count that is not a whole number from 1 to 64", async () => {
    for (const value of ["0", "65", "two", "1.5"]) {
      const { code, out } = await startAndWaitForExit({ ...process.env, ...inject("serverEnv"), WEB_CONCURRENCY: value });
      expect(code, value).toBe(1);
      expect(out).toContain(`WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${value}").`);
    }
  });
});
