// Send-route benchmark: N concurrent clients posting /api/v1/email/send through the demo
// provider, against a production build on PostgreSQL, next to the bare GET /api/health on
// the same server. Run: npm run build && npx tsx bench/send.ts [connections] [seconds]
import autocannon from "autocannon";
import { benchServer } from "./bench-server";

const connections = Number(process.argv[2] ?? 32);
const duration = Number(process.argv[3] ?? 15);
const owner = { email: "bench@example.test", password: "bench-password-1" };

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))));
}

function summary(name: string, r: autocannon.Result) {
  const statuses = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}:${(s as { count: number }).count}`).join(" ");
  return { name, reqPerSec: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, statuses };
}

const server = await benchServer(owner, ["email:send"]);
try {
  const key = server.key;
  // A recipient per request, as real traffic has: one fixed address would soon be on the
  // suppression list (the demo provider bounces about 5% of deliveries) and every send refused.
  let n = 0;
  const body = () => JSON.stringify({ to: `Reader <reader-${n++}@example.test>`, from: "news@example.test", subject: "Benchmark", text: "Hello", html: "<p>Hello</p>" });
  const send = {
    url: `${server.url}/api/v1/email/send`,
    method: "POST" as const,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    requests: [{ method: "POST" as const, setupRequest: (req: autocannon.Request) => ({ ...req, body: body() }) }],
  };
  const health = { url: `${server.url}/api/health` };

  await run({ ...health, connections, duration: 5 }); // warm-up
  await run({ ...send, connections, duration: 5 });
  const bare = summary("GET /api/health", await run({ ...health, connections, duration }));
  const sends = summary("POST /api/v1/email/send", await run({ ...send, connections, duration }));
  console.table([bare, sends]);
  const ratio = sends.reqPerSec / bare.reqPerSec;
  console.log(`connections=${connections} duration=${duration}s  send/bare throughput ratio: ${(ratio * 100).toFixed(1)}% (target >= 40%), send p99 ${sends.p99} ms (target < 100 ms)`);
} finally {
  await server.close();
}
