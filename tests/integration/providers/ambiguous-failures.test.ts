// Which adapter failures are ambiguous (docs/sending.md): the message was handed over in full
// and no answer came back, so the provider may have it and the pipeline must not fail over at
// once; and which are definitive (nothing reached the provider, or it answered). Against real
// servers on 127.0.0.1 that drop the connection at the worst moment.
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError, type OutgoingMessage } from "@/lib/providers/adapter";
import { smtpAdapter } from "@/lib/providers/smtp/adapter";
import { sendgridAdapter } from "@/lib/providers/sendgrid/adapter";
import { resendAdapter } from "@/lib/providers/resend/adapter";
import { closedPortUrl } from "@/tests/helpers/fake-http-provider";
import { startFlakySmtp, type FlakySmtp } from "@/tests/helpers/flaky-smtp";
import { sampleMessage } from "./http-sample-message";

const message: OutgoingMessage = {
  messageId: "<ambiguous-1@mailroom.local>",
  from: { email: "sender@example.test" },
  to: [{ email: "to@example.test" }],
  cc: [],
  bcc: [],
  subject: "Maybe",
  text: "Maybe it arrived",
  headers: {},
  attachments: [],
};

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => new Error("expected a failure"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

/** An HTTP API that reads each request in full and then drops the connection without answering (HEAD, a reachability check, is answered). */
async function droppingApi(): Promise<{ url: string; bodies: string[]; server: Server }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    if (req.method === "HEAD") return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks).toString("utf8"));
      req.socket.resetAndDestroy();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, bodies, server };
}

let flaky: FlakySmtp;
let api: Awaited<ReturnType<typeof droppingApi>>;
beforeAll(async () => {
  flaky = await startFlakySmtp({ afterData: () => ({ reply: "drop" }), keep: () => true });
  api = await droppingApi();
});
afterAll(async () => {
  await flaky?.close();
  api?.server.closeAllConnections();
  await new Promise((r) => api?.server.close(r));
});

describe("SMTP", () => {
  it("a connection dropped after the whole message was sent is ambiguous", async () => {
    const err = await failure(smtpAdapter.send(smtpAdapter.configSchema.parse({ host: "127.0.0.1", port: flaky.port }), message));
    expect(err).toMatchObject({ ambiguous: true, retryable: true });
    expect(flaky.kept).toHaveLength(1); // the server did get it
  });

  it("a connection dropped before the message was sent, or refused, is definitive", async () => {
    // Greets, then hangs up on EHLO: nothing of the message was sent.
    const rude = createTcpServer((s) => {
      s.write("220 rude.test ESMTP\r\n");
      s.once("data", () => s.resetAndDestroy());
      s.on("error", () => undefined);
    });
    await new Promise<void>((r) => rude.listen(0, "127.0.0.1", r));
    try {
      const dropped = await failure(
        smtpAdapter.send(smtpAdapter.configSchema.parse({ host: "127.0.0.1", port: (rude.address() as { port: number }).port }), message),
      );
      expect(dropped).toMatchObject({ ambiguous: false, retryable: true });
    } finally {
      await new Promise((r) => rude.close(r));
    }
    const refused = await failure(
      smtpAdapter.send(smtpAdapter.configSchema.parse({ host: "127.0.0.1", port: Number(new URL(await closedPortUrl()).port) }), message),
    );
    expect(refused).toMatchObject({ ambiguous: false, retryable: true });
  });
});

describe("HTTP APIs", () => {
  it("a request sent in full and then dropped is ambiguous; a refused connection is not", async () => {
    const dropped = await failure(sendgridAdapter.send({ apiKey: "SG.x", baseUrl: api.url }, sampleMessage));
    expect(dropped).toMatchObject({ ambiguous: true, retryable: true });
    expect(dropped.message).toMatch(/may have accepted/);
    const refused = await failure(sendgridAdapter.send({ apiKey: "SG.x", baseUrl: await closedPortUrl() }, sampleMessage));
    expect(refused).toMatchObject({ ambiguous: false, retryable: true });
  });

  it("Resend: every send carries the Message-ID as its Idempotency-Key; a dropped answer is ambiguous, an unreachable API is not", async () => {
    const before = api.bodies.length;
    const dropped = await failure(resendAdapter.send({ apiKey: "re_x", baseUrl: api.url }, sampleMessage));
    expect(dropped).toMatchObject({ ambiguous: true, retryable: true });
    expect(api.bodies.length).toBe(before + 1);
    expect(resendAdapter.idempotent).toBe(true);
    const refused = await failure(resendAdapter.send({ apiKey: "re_x", baseUrl: await closedPortUrl() }, sampleMessage));
    expect(refused).toMatchObject({ ambiguous: false, retryable: true });
    expect(refused.message).toMatch(/^Resend could not be reached/);
  });
});
