// The SES adapter against a local stand-in for the SES v2 API: the signed request it makes,
// the raw MIME it carries, the account check, and how SES errors map to failover.
import { simpleParser, type AddressObject } from "mailparser";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ProviderError, type OutgoingMessage } from "@/lib/providers/adapter";
import { sesAdapter } from "@/lib/providers/ses/adapter";
import { startFakeSes, type FakeSes } from "@/tests/helpers/fake-ses";

const message: OutgoingMessage = {
  messageId: "<ses-test-1@mailroom.local>",
  from: { email: "sender@example.test", name: "Mailroom Sender" },
  to: [{ email: "to@example.test", name: "To Person" }],
  cc: [{ email: "cc@example.test" }],
  bcc: [{ email: "hidden@example.test" }],
  subject: "Spring launch",
  text: "Hello in text",
  html: "<p>Hello in <b>html</b></p>",
  headers: { "X-Campaign": "spring" },
  attachments: [{ filename: "report.csv", content: Buffer.from("a,b\n1,2\n"), contentType: "text/csv" }],
};

const first = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a[0] : a)?.value[0];

let ses: FakeSes;
let config: ReturnType<typeof sesAdapter.configSchema.parse>;

beforeAll(async () => {
  ses = await startFakeSes();
  config = sesAdapter.configSchema.parse({
    region: "eu-west-1",
    accessKeyId: "AKIDMAILROOMTEST",
    secretAccessKey: "not-a-real-secret",
    endpoint: ses.endpoint,
    configurationSetName: "mailroom-events",
  });
});

afterAll(async () => {
  await ses?.close();
});

const failure = (err: unknown) => {
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
};

describe("SES adapter: send", () => {
  it("posts the raw MIME message, signed, with bcc only in the Destination", async () => {
    ses.reply(() => ({ status: 200, body: { MessageId: "ses-123" } }));
    const result = await sesAdapter.send(config, message);
    expect(result).toEqual({ providerMessageId: "ses-123" });

    const request = ses.requests.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/v2/email/outbound-emails");
    expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDMAILROOMTEST\/\d{8}\/eu-west-1\/ses\/aws4_request/);
    expect(request.body).not.toContain("not-a-real-secret");

    const body = JSON.parse(request.body);
    expect(body.FromEmailAddress).toBe('"Mailroom Sender" <sender@example.test>');
    expect(body.Destination).toEqual({
      ToAddresses: ["to@example.test"],
      CcAddresses: ["cc@example.test"],
      BccAddresses: ["hidden@example.test"],
    });
    expect(body.ConfigurationSetName).toBe("mailroom-events");

    const raw = Buffer.from(body.Content.Raw.Data, "base64");
    expect(raw.toString("utf8")).not.toContain("hidden@example.test");
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe("Spring launch");
    expect(first(parsed.from)).toEqual({ address: "sender@example.test", name: "Mailroom Sender" });
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(parsed.messageId).toBe(message.messageId);
    expect(parsed.headers.get("x-campaign")).toBe("spring");
    expect(parsed.attachments.map((a) => a.filename)).toEqual(["report.csv"]);
  });

  it("sends a bare FromEmailAddress for a non-ASCII name, which stays encoded in the MIME From", async () => {
    ses.reply(() => ({ status: 200, body: { MessageId: "ses-124" } }));
    await sesAdapter.send(config, { ...message, from: { email: "sender@example.test", name: "Zoë Müller" } });
    const body = JSON.parse(ses.requests.at(-1)!.body);
    expect(body.FromEmailAddress).toBe("sender@example.test");
    const parsed = await simpleParser(Buffer.from(body.Content.Raw.Data, "base64"));
    expect(first(parsed.from)).toEqual({ address: "sender@example.test", name: "Zoë Müller" });
  });

  it("maps a 400 MessageRejected to a non-retryable error", async () => {
    ses.reply(() => ({
      status: 400,
      headers: { "x-amzn-ErrorType": "MessageRejected" },
      body: { message: "Email address is not verified" },
    }));
    const err = failure(await sesAdapter.send(config, message).catch((e: unknown) => e));
    expect(err.retryable).toBe(false);
    expect(err.status).toBe(400);
    expect(err.message).toBe("SES answered 400"); // a custom endpoint: no reply text
  });

  it.each([
    [500, "InternalServiceErrorException"],
    [429, "TooManyRequestsException"],
    [403, "UnrecognizedClientException"],
    [400, "SendingPausedException"],
  ])("maps a %i %s to a retryable error", async (status, type) => {
    ses.reply(() => ({ status, headers: { "x-amzn-ErrorType": type }, body: { message: "nope" } }));
    const err = failure(await sesAdapter.send(config, message).catch((e: unknown) => e));
    expect(err.retryable).toBe(true);
    expect(err.status).toBe(status);
  });

  it("maps a bare 500 and an unreachable endpoint to retryable errors", async () => {
    ses.reply(() => ({ status: 500 }));
    expect(failure(await sesAdapter.send(config, message).catch((e: unknown) => e)).retryable).toBe(true);
    const unreachable = { ...config, endpoint: "http://127.0.0.1:9" };
    expect(failure(await sesAdapter.send(unreachable, message).catch((e: unknown) => e)).retryable).toBe(true);
  });
});

describe("SES adapter: test()", () => {
  it("reads the account: sending enabled and the quota", async () => {
    ses.reply(() => ({
      status: 200,
      body: { SendingEnabled: true, SendQuota: { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 0 }, ProductionAccessEnabled: false },
    }));
    const { message: text } = await sesAdapter.test(config);
    const request = ses.requests.at(-1)!;
    expect(request.method).toBe("GET");
    expect(request.url).toBe("/v2/email/account");
    expect(text).toContain("sending is enabled");
    expect(text).toContain("0 of 200");
    expect(text).toContain("sandbox");
  });

  it("says so when sending is disabled", async () => {
    ses.reply(() => ({ status: 200, body: { SendingEnabled: false, ProductionAccessEnabled: true } }));
    expect((await sesAdapter.test(config)).message).toContain("sending is DISABLED");
  });

  it("throws a retryable ProviderError on bad credentials", async () => {
    ses.reply(() => ({
      status: 403,
      headers: { "x-amzn-ErrorType": "InvalidSignatureException" },
      body: { message: "The request signature we calculated does not match" },
    }));
    const err = failure(await sesAdapter.test(config).catch((e: unknown) => e));
    expect(err.retryable).toBe(true);
    expect(err.status).toBe(403);
  });
});

describe("SES adapter: config", () => {
  const valid = { region: "us-east-1", accessKeyId: "AKID", secretAccessKey: "secret" };
  const parse = (input: unknown) => sesAdapter.configSchema.safeParse(input);

  it("accepts the minimal config and marks the secret key", () => {
    expect(parse(valid).success).toBe(true);
    expect(sesAdapter.secretFields).toEqual(["secretAccessKey"]);
  });

  it("refuses unknown fields, odd regions and non-HTTP endpoints", () => {
    expect(parse({ ...valid, sessionToken: "x" }).success).toBe(false);
    expect(parse({ ...valid, region: "evil.example.com/" }).success).toBe(false);
    expect(parse({ ...valid, endpoint: "file:///etc/passwd" }).success).toBe(false);
    expect(parse({ ...valid, secretAccessKey: undefined }).success).toBe(false);
  });
});
