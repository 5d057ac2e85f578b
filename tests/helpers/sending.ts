// Set-up for send tests: production mode, a test list, SMTP providers on local sinks.
import { db } from "@/lib/db/client";
import { call } from "./http";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";
import { freePort } from "./server";

export { SINK_USER, SINK_PASSWORD } from "./test-secrets";
import { SINK_USER, SINK_PASSWORD } from "./test-secrets";

/** From-addresses the tests send from; productionMode makes them confirmed senders of the organization. */
export const TEST_SENDERS = [
  "ann@sender.test",
  "bea@sender.test",
  "cy@sender.test",
  "robot@sender.test",
  "a@example.test",
  "alice@example.test",
  "sender@example.test",
  "news@acme.test",
  "x@acme.test",
  "ops@team.test",
  "win@spam.test",
  "bounce@example.com",
];

export async function productionMode(orgId: string, allowance = 100_000) {
  await db().organization.update({ where: { id: orgId }, data: { sendMode: "production", monthlySendAllowance: allowance } });
  await db().sender.createMany({ data: TEST_SENDERS.map((email) => ({ orgId, email, confirmedAt: new Date() })), skipDuplicates: true });
}

/** An SMTP provider on `sink`, on the shared server or the one at `base` (an own server). */
export async function smtpProvider(cookie: string, sink: SmtpSink | { port: number }, extra: Record<string, unknown> = {}, base?: string) {
  const res = await call("/api/providers", {
    base,
    cookie,
    body: {
      name: `smtp ${sink.port}`,
      type: "smtp",
      config: { host: "127.0.0.1", port: sink.port, secure: false, username: SINK_USER, password: SINK_PASSWORD },
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`provider create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string };
}

export const newSink = () => startSmtpSink({ username: SINK_USER, password: SINK_PASSWORD });

/** A port nothing listens on: a provider pointed there fails with a connection error. */
export const deadPort = async () => ({ port: await freePort() });
