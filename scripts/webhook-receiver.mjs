// A webhook receiver for trying Mailroom on your own machine: it checks each delivery's
// signature (Standard Webhooks, as README "Events and webhooks" describes) and prints the event.
//
//   node scripts/webhook-receiver.mjs whsec_…        # listens on http://127.0.0.1:4555/hook
//   PORT=4600 node scripts/webhook-receiver.mjs whsec_…
//
// No dependencies: node:crypto is all a receiver needs.
import { createServer } from "node:http";
import { createHmac, timingSafeEqual } from "node:crypto";

const secret = process.argv[2] ?? process.env.MAILROOM_WEBHOOK_SECRET ?? "";
const port = Number(process.env.PORT ?? 4555);
if (!secret.startsWith("whsec_")) {
  console.error("Usage: node scripts/webhook-receiver.mjs whsec_…  (the secret the dashboard showed when you added the webhook)");
  process.exit(2);
}

/** Why a delivery is not Mailroom's, or null when its signature is good and recent. */
function refusal(headers, body) {
  const id = headers["x-webhook-id"];
  const timestamp = headers["x-webhook-timestamp"];
  const signatures = String(headers["x-webhook-signature"] ?? "").split(" ");
  if (!id || !timestamp) return "no X-Webhook-Id or X-Webhook-Timestamp";
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return "timestamp more than 5 minutes away";
  // The key is the secret minus "whsec_", those characters as UTF-8 bytes.
  const expected = createHmac("sha256", secret.slice("whsec_".length)).update(`${id}.${timestamp}.${body}`).digest();
  const matches = signatures.some((s) => {
    const given = Buffer.from(s.replace(/^v1,/, ""), "base64");
    return s.startsWith("v1,") && given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? null : "signature does not match";
}

createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const why = refusal(req.headers, body);
    if (why) {
      console.log(`✗ refused ${req.method} ${req.url}: ${why}`);
      return void res.writeHead(401, { "content-type": "text/plain" }).end(why);
    }
    const event = JSON.parse(body);
    console.log(`✓ verified ${event.type} for ${event.recipient ?? "-"} (email ${event.email_id ?? "-"})`);
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
}).listen(port, "127.0.0.1", () => console.log(`Listening on http://127.0.0.1:${port}/hook: add it under Webhooks in the dashboard.`));
