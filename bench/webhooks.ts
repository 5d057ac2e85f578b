// Webhook delivery benchmark: one event fanned out to 100 endpoints on a local receiver,
// repeated at a steady rate, against a production build on PostgreSQL with the embedded
// runner. The receiver verifies every delivery with the standardwebhooks package; prints
// deliveries/s and p50/p99 from the event (its occurred_at) to verified receipt.
// Run: npm run build && npx tsx bench/webhooks.ts [eventsPerSecond] [seconds] [endpoints]
import { createServer } from "node:http";
import { benchServer } from "./bench-server";
import { Webhook } from "standardwebhooks";

const eventsPerSecond = Number(process.argv[2] ?? 10);
const seconds = Number(process.argv[3] ?? 15);
const endpointCount = Number(process.argv[4] ?? 100);
const owner = { email: "bench@example.test", password: "bench-password-1" };

const verifiers = new Map<string, Webhook>();
const latencies: number[] = [];
let failures = 0;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    try {
      verifiers.get(req.url ?? "")!.verify(body, {
        "webhook-id": String(req.headers["x-webhook-id"]),
        "webhook-timestamp": String(req.headers["x-webhook-timestamp"]),
        "webhook-signature": String(req.headers["x-webhook-signature"]),
      });
      latencies.push(Date.now() - Date.parse((JSON.parse(body) as { occurred_at: string }).occurred_at));
      res.writeHead(204).end();
    } catch {
      failures++;
      res.writeHead(400).end();
    }
  });
});
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
const receiverPort = (receiver.address() as { port: number }).port;


const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const server = await benchServer(owner, ["email:send", "webhooks:write"], { ALLOW_PRIVATE_WEBHOOK_URLS: "1" }); // the receiver is on 127.0.0.1
try {
  const key = server.key;
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  for (let i = 0; i < endpointCount; i++) {
    const path = `/hook/${i}`;
    const res = await fetch(`${server.url}/api/v1/webhook-endpoints`, {
      method: "POST",
      headers,
      body: JSON.stringify({ url: `http://127.0.0.1:${receiverPort}${path}`, events: ["email.sent"] }),
    });
    const { data } = (await res.json()) as { data: { secret: string } };
    verifiers.set(path, new Webhook(data.secret.slice("whsec_".length), { format: "raw" }));
  }
  const send = () =>
    fetch(`${server.url}/api/v1/email/send`, { method: "POST", headers, body: JSON.stringify({ to: "reader@example.test", subject: "Bench", text: "Hello" }) });

  // Warm-up, then the measured run at a steady rate.
  for (let i = 0; i < 5; i++) await send();
  while (latencies.length < 5 * endpointCount) await new Promise((r) => setTimeout(r, 50));
  latencies.length = 0;
  const total = eventsPerSecond * seconds;
  const started = Date.now();
  const sends: Promise<Response>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / eventsPerSecond;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    sends.push(send());
  }
  const statuses = (await Promise.all(sends)).map((r) => r.status);
  const expected = total * endpointCount;
  const deadline = Date.now() + 60_000;
  while (latencies.length + failures < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const elapsed = (Date.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  console.table([
    {
      events: total,
      endpoints: endpointCount,
      delivered: latencies.length,
      failedVerification: failures,
      sendErrors: statuses.filter((s) => s !== 200).length,
      "deliveries/s": Math.round(latencies.length / elapsed),
      "p50 ms": percentile(sorted, 50),
      "p99 ms": percentile(sorted, 99),
    },
  ]);
  console.log(
    `offered ${eventsPerSecond * endpointCount} deliveries/s for ${seconds}s: ${Math.round(latencies.length / elapsed)} deliveries/s verified (target >= 500), p99 ${percentile(sorted, 99)} ms event to receipt (target < 1000 ms)`,
  );
} finally {
  receiver.close();
  await server.close();
}
