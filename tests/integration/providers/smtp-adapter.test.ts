// The SMTP adapter against a real SMTP server on 127.0.0.1: what arrives (headers, parts,
// envelope), connection tests, and which failures may fail over to another provider.
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser, type AddressObject } from "mailparser";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ProviderError, type OutgoingMessage } from "@/lib/providers/adapter";
import { smtpAdapter } from "@/lib/providers/smtp/adapter";
import { startSmtpSink, type SmtpSink } from "@/tests/helpers/smtp-sink";
import { startFlakySmtp } from "@/tests/helpers/flaky-smtp";
import { resetEnvCache } from "@/lib/env";
import { verpAddress } from "@/lib/bounces/verp-address";

const ICS = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "METHOD:REQUEST",
  "BEGIN:VEVENT",
  "UID:launch-1@mailroom.local",
  "SUMMARY:Spring launch",
  "DTSTART:20300401T090000Z",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

const message: OutgoingMessage = {
  messageId: "<smtp-test-1@mailroom.local>",
  from: { email: "sender@example.test", name: "Mailroom Sender" },
  to: [{ email: "to@example.test", name: "To Person" }],
  cc: [{ email: "cc@example.test" }],
  bcc: [{ email: "hidden@example.test" }],
  replyTo: { email: "replies@example.test", name: "Replies" },
  subject: "Spring launch",
  text: "Hello in text",
  html: '<p>Hello in <b>html</b> <img src="cid:logo@mailroom"></p>',
  headers: { "X-Campaign": "spring" },
  attachments: [
    { filename: "report.csv", content: Buffer.from("a,b\n1,2\n"), contentType: "text/csv" },
    { filename: "logo.png", content: Buffer.from("not really a png"), contentType: "image/png", contentId: "logo@mailroom" },
  ],
  calendar: { method: "REQUEST", content: ICS },
};

const only = (to: string): OutgoingMessage => ({ ...message, to: [{ email: to }], cc: [], bcc: [], attachments: [], calendar: undefined });
const first = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a[0] : a)?.value[0];
const sentSince = (before: number) => sink.messages.slice(before);

let sink: SmtpSink;
let config: ReturnType<typeof smtpAdapter.configSchema.parse>;

beforeAll(async () => {
  sink = await startSmtpSink({
    username: "mailroom",
    password: "s3cret",
    refuse: { "nobody@example.test": 550, "gone@example.test": 550, "busy@example.test": 450 },
  });
  config = smtpAdapter.configSchema.parse({ host: "127.0.0.1", port: sink.port, username: "mailroom", password: "s3cret" });
});

afterAll(async () => {
  await sink?.close();
});

describe("SMTP adapter: send", () => {
  it("delivers the full message, with bcc only in the envelope", async () => {
    const result = await smtpAdapter.send(config, message);
    expect(result.providerMessageId).toBe(message.messageId);

    const received = sink.messages.at(-1)!;
    expect(received.mailFrom).toBe("sender@example.test");
    expect(received.rcptTo.sort()).toEqual(["cc@example.test", "hidden@example.test", "to@example.test"]);

    const raw = received.raw.toString("utf8");
    expect(raw).not.toMatch(/^bcc:/im);
    expect(raw).not.toContain("hidden@example.test");

    const parsed = await simpleParser(received.raw);
    expect(first(parsed.from)).toEqual({ address: "sender@example.test", name: "Mailroom Sender" });
    expect(first(parsed.to)).toEqual({ address: "to@example.test", name: "To Person" });
    expect(first(parsed.replyTo)).toEqual({ address: "replies@example.test", name: "Replies" });
    expect(parsed.headers.has("cc")).toBe(true);
    expect(first(parsed.cc)?.address).toBe("cc@example.test");
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.subject).toBe("Spring launch");
    expect(parsed.messageId).toBe(message.messageId);
    expect(parsed.headers.get("x-campaign")).toBe("spring");
    expect(parsed.text?.trim()).toBe("Hello in text");
    expect(parsed.html).toContain("<b>html</b>");

    const csv = parsed.attachments.find((a) => a.filename === "report.csv")!;
    expect(csv.contentType).toBe("text/csv");
    expect(csv.content.toString()).toBe("a,b\n1,2\n");
    expect(csv.contentDisposition).toBe("attachment");
    const logo = parsed.attachments.find((a) => a.filename === "logo.png")!;
    expect(logo.contentType).toBe("image/png");
    expect(logo.cid).toBe("logo@mailroom");
    expect(logo.contentDisposition).toBe("inline");

    // The invitation: a text/calendar alternative carrying METHOD, as calendar clients expect.
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const calendar = parsed.attachments.find((a) => a.contentType === "text/calendar")!;
    expect(calendar).toBeDefined();
    expect(calendar.content.toString("utf8")).toBe(ICS);
  });

  it("one transaction to several recipients: those the server refuses are answered as refused, 4xx as not permanent", async () => {
    const before = sink.messages.length;
    const result = await smtpAdapter.send(config, {
      ...only("to@example.test"),
      cc: [{ email: "nobody@example.test" }, { email: "busy@example.test" }],
    });
    expect(sentSince(before).map((m) => m.rcptTo)).toEqual([["to@example.test"]]);
    expect(result.refused).toEqual([
      { email: "nobody@example.test", permanent: true, reason: "SMTP: the server refused the sender or a recipient (550 to RCPT TO)" },
      { email: "busy@example.test", permanent: false, reason: "SMTP: the server refused the sender or a recipient (450 to RCPT TO)" },
    ]);
  });

  it("refuses a recipient the server rejects with 550 as not retryable", async () => {
    const err = await smtpAdapter.send(config, only("nobody@example.test")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).retryable).toBe(false);
    expect((err as ProviderError).message).toContain("550");
  });

  it("treats a temporary 4xx refusal as retryable", async () => {
    const err = await smtpAdapter.send(config, only("busy@example.test")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).retryable).toBe(true);
  });

  it("treats a closed port as retryable", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const closed = smtpAdapter.configSchema.parse({ host: "127.0.0.1", port: closedPort });
    const err = await smtpAdapter.send(closed, message).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).retryable).toBe(true);
  });
});

describe("SMTP adapter: a return path per recipient (BOUNCE_DOMAIN)", () => {
  const BOUNCE_DOMAIN = "bounces.example.test";
  const saved = process.env.BOUNCE_DOMAIN;
  beforeAll(() => {
    process.env.BOUNCE_DOMAIN = BOUNCE_DOMAIN;
    resetEnvCache();
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.BOUNCE_DOMAIN;
    else process.env.BOUNCE_DOMAIN = saved;
    resetEnvCache();
  });
  const RECORD = "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b";
  const to = (...emails: string[]): OutgoingMessage => ({ ...only(emails[0]), to: emails.map((email) => ({ email })), recordId: RECORD });

  it("sends one transaction per recipient (bcc too, a repeated address once), each from that recipient's signed return path", async () => {
    const before = sink.messages.length;
    await smtpAdapter.send(config, { ...message, cc: [{ email: "cc@example.test" }, { email: "TO@example.test" }], recordId: RECORD });
    const sent = sentSince(before);
    expect(sent.map((m) => m.rcptTo)).toEqual([["to@example.test"], ["cc@example.test"], ["hidden@example.test"]]);
    for (const [i, m] of sent.entries()) {
      const recipient = m.rcptTo[0];
      expect(m.mailFrom).toBe(verpAddress({ messageId: RECORD, recipient, domain: BOUNCE_DOMAIN }));
      // The same message each time: the bcc recipient's copy shows no Bcc header either.
      expect(m.raw.equals(sent[0].raw), `transaction ${i}`).toBe(true);
    }
    expect(new Set(sent.map((m) => m.mailFrom)).size).toBe(3);
    expect(sent[0].raw.toString()).not.toContain("hidden@example.test");
  });

  it("a recipient the server refuses does not stop the others, and is answered as refused; a message every recipient was refused is refused", async () => {
    const before = sink.messages.length;
    const result = await smtpAdapter.send(config, to("nobody@example.test", "kept@example.test"));
    expect(result.refused).toEqual([
      { email: "nobody@example.test", permanent: true, reason: "SMTP: the server refused the sender or a recipient (550 to RCPT TO)" },
    ]);
    expect(sentSince(before).map((m) => m.rcptTo)).toEqual([["kept@example.test"]]);
    const err = await smtpAdapter.send(config, to("nobody@example.test", "gone@example.test")).catch((e: unknown) => e);
    expect(err).toMatchObject({ retryable: false, ambiguous: false });
  });

  it("a 4xx to one recipient's RCPT TO is about that recipient only: soft-refused, the others still sent", async () => {
    const before = sink.messages.length;
    const result = await smtpAdapter.send(config, to("busy@example.test", "kept@example.test", "last@example.test"));
    expect(sentSince(before).map((m) => m.rcptTo)).toEqual([["kept@example.test"], ["last@example.test"]]);
    expect(result.refused).toEqual([
      { email: "busy@example.test", permanent: false, reason: "SMTP: the server refused the sender or a recipient (450 to RCPT TO)" },
    ]);
    // Every recipient refused, one of them only for now: the message may go to another provider.
    const all = await smtpAdapter.send(config, to("gone@example.test", "busy@example.test")).catch((e: unknown) => e);
    expect(all).toMatchObject({ retryable: true, ambiguous: false });
  });

  it("a refusal at RCPT TO about the relay (a quota, a policy: 5.7.x) is soft and may fail over; one about the mailbox (5.1.x) is hard", async () => {
    const relay = await startFlakySmtp({
      afterData: () => ({ reply: "ok" }),
      keep: () => true,
      refuseRcpt: {
        "policy@example.test": "550 5.7.1 Daily sending quota exceeded",
        "gone@example.test": "550 5.1.1 User unknown",
      },
    });
    const at = smtpAdapter.configSchema.parse({ host: "127.0.0.1", port: relay.port });
    try {
      const result = await smtpAdapter.send(at, to("a@example.test", "policy@example.test", "gone@example.test"));
      expect(result.refused).toEqual([
        { email: "policy@example.test", permanent: false, reason: "SMTP: the server refused the sender or a recipient (550 to RCPT TO)" },
        { email: "gone@example.test", permanent: true, reason: "SMTP: the server refused the sender or a recipient (550 to RCPT TO)" },
      ]);
      const policyOnly = await smtpAdapter.send(at, to("policy@example.test")).catch((e: unknown) => e);
      expect(policyOnly).toMatchObject({ retryable: true, ambiguous: false });
      const goneOnly = await smtpAdapter.send(at, to("gone@example.test")).catch((e: unknown) => e);
      expect(goneOnly).toMatchObject({ retryable: false });
    } finally {
      await relay.close();
    }
  });

  it("a transaction left unanswered makes the message unconfirmed, and the recipients refused for certain still come back as refused", async () => {
    const relay = await startFlakySmtp({
      afterData: () => ({ reply: "drop" }),
      keep: () => true,
      refuseRcpt: { "gone@example.test": "550 5.1.1 User unknown" },
    });
    const at = smtpAdapter.configSchema.parse({ host: "127.0.0.1", port: relay.port });
    try {
      const err = await smtpAdapter.send(at, to("lost@example.test", "gone@example.test")).catch((e: unknown) => e);
      expect(err).toMatchObject({ ambiguous: true });
      expect((err as ProviderError).refused).toEqual([
        { email: "gone@example.test", permanent: true, reason: "SMTP: the server refused the sender or a recipient (550 to RCPT TO)" },
      ]);
    } finally {
      await relay.close();
    }
  });

  it("a relay that refuses the sender: before any recipient has the message, another provider may be tried; after, the rest are soft-refused, never sent again, never suppressed", async () => {
    let mailFroms = 0;
    const quota = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onMailFrom(_address, _session, callback) {
        if (++mailFroms > refuseFrom)
          return callback(Object.assign(new Error("5.4.5 Daily sending quota exceeded"), { responseCode: 550 }));
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => callback());
      },
    });
    let refuseFrom = 0;
    await new Promise<void>((r) => quota.listen(0, "127.0.0.1", r));
    const at = smtpAdapter.configSchema.parse({ host: "127.0.0.1", port: (quota.server.address() as { port: number }).port });
    try {
      const first = await smtpAdapter.send(at, to("a@example.test", "b@example.test")).catch((e: unknown) => e);
      expect(first).toMatchObject({
        retryable: true,
        ambiguous: false,
        message: "SMTP: the server refused the sender or a recipient (550 to MAIL FROM)",
      });
      mailFroms = 0;
      refuseFrom = 1;
      const later = await smtpAdapter.send(at, to("a@example.test", "b@example.test", "c@example.test"));
      const reason = "SMTP: the server refused the sender or a recipient (550 to MAIL FROM); not sent again";
      expect(later.refused).toEqual([
        { email: "b@example.test", permanent: false, reason },
        { email: "c@example.test", permanent: false, reason },
      ]);
      expect(mailFroms).toBe(2);
    } finally {
      await new Promise<void>((r) => quota.close(() => r()));
    }
  });
});

describe("SMTP adapter: test()", () => {
  it("connects and authenticates with the right credentials", async () => {
    await expect(smtpAdapter.test(config)).resolves.toEqual({ message: `Connected to 127.0.0.1:${sink.port}` });
  });

  it("throws a retryable ProviderError with the wrong password", async () => {
    const err = await smtpAdapter.test({ ...config, password: "wrong" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).retryable).toBe(true);
    expect((err as ProviderError).message).not.toContain("wrong");
  });

  it("makes a failed AUTH on send retryable too (another provider may work)", async () => {
    const err = await smtpAdapter.send({ ...config, password: "wrong" }, only("to@example.test")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).retryable).toBe(true);
  });
});

describe("SMTP adapter: config", () => {
  const parse = (input: unknown) => smtpAdapter.configSchema.safeParse(input);

  it("defaults the port to 587 and leaves secure to follow the port", () => {
    expect(parse({ host: "smtp.example.test" }).data).toEqual({
      host: "smtp.example.test",
      port: 587,
      requireTls: false,
      rejectUnauthorized: true,
    });
    expect(parse({ host: "smtp.example.test", port: 465 }).data?.secure).toBeUndefined();
  });

  it("refuses a username without a password", () => {
    expect(parse({ host: "smtp.example.test", username: "me" }).success).toBe(false);
    expect(parse({ host: "smtp.example.test", password: "pw" }).success).toBe(false);
    expect(parse({ host: "smtp.example.test", username: "me", password: "pw" }).success).toBe(true);
  });

  it("refuses unknown fields and out-of-range ports", () => {
    expect(parse({ host: "smtp.example.test", pool: true }).success).toBe(false);
    expect(parse({ host: "smtp.example.test", port: 70000 }).success).toBe(false);
    expect(parse({ host: "" }).success).toBe(false);
  });

  it("marks the password as the secret", () => {
    expect(smtpAdapter.secretFields).toEqual(["password"]);
  });
});
