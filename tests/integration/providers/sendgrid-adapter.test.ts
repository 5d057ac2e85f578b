// The SendGrid adapter against a fake SendGrid API on 127.0.0.1: the v3 Mail Send request
// it makes, how it reads answers and refusals, and its connection test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendgridAdapter } from "@/lib/providers/sendgrid/adapter";
import { closedPortUrl, jsonBody, providerFailure, startFakeHttpProvider, type FakeHttpProvider } from "../../helpers/fake-http-provider";
import { ICS, PDF, PNG, sampleMessage } from "./http-sample-message";

let fake: FakeHttpProvider;
beforeAll(async () => void (fake = await startFakeHttpProvider()));
afterAll(() => fake.close());
const config = () => ({ apiKey: "SG.test-key", baseUrl: fake.url });

describe("SendGrid send", () => {
  it("posts the documented v3 mail/send JSON and returns X-Message-Id", async () => {
    fake.respond({ status: 202, headers: { "x-message-id": "sg-msg-123" }, body: "" });
    expect(await sendgridAdapter.send(config(), sampleMessage)).toEqual({ providerMessageId: "sg-msg-123" });

    const req = fake.last();
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v3/mail/send");
    expect(req.headers.authorization).toBe("Bearer SG.test-key");
    expect(req.headers["content-type"]).toBe("application/json");
    const body = jsonBody(req);
    expect(body.personalizations).toEqual([
      {
        to: [{ email: "ann@example.test", name: 'Ann "Annie" Lee' }, { email: "bob@example.test" }],
        cc: [{ email: "carol@example.test", name: "Carol" }],
        bcc: [{ email: "audit@acme.test" }],
      },
    ]);
    expect(body.from).toEqual({ email: "news@acme.test", name: "Acme News" });
    expect(body.reply_to).toEqual({ email: "support@acme.test", name: "Acme Support" });
    expect(body.subject).toBe("Spring sale starts Monday");
    expect(body.content).toEqual([
      { type: "text/plain", value: "Hello!" },
      { type: "text/html", value: '<p>Hello! <img src="cid:logo"></p>' },
    ]);
    // Custom headers pass; Message-ID is SendGrid's own and is not sent.
    expect(body.headers).toEqual({ "X-Campaign": "spring" });
    expect(body.attachments).toEqual([
      { content: PDF.toString("base64"), filename: "price-list.pdf", type: "application/pdf", disposition: "attachment" },
      { content: PNG.toString("base64"), filename: "logo.png", type: "image/png", disposition: "inline", content_id: "logo" },
      {
        content: Buffer.from(ICS).toString("base64"),
        filename: "invite.ics",
        type: "text/calendar; method=REQUEST",
        disposition: "attachment",
      },
    ]);
  });

  it("leaves out what a plain message lacks, and tolerates a trailing slash in baseUrl", async () => {
    fake.respond({ status: 202, headers: { "x-message-id": "sg-plain" } });
    const plain = {
      ...sampleMessage,
      cc: [],
      bcc: [],
      replyTo: undefined,
      html: undefined,
      headers: {},
      attachments: [],
      calendar: undefined,
    };
    await sendgridAdapter.send({ ...config(), baseUrl: `${fake.url}/` }, plain);
    expect(fake.last().path).toBe("/v3/mail/send");
    const body = jsonBody(fake.last());
    expect(Object.keys(body.personalizations[0])).toEqual(["to"]);
    expect(body.content).toEqual([{ type: "text/plain", value: "Hello!" }]);
    expect(body).not.toHaveProperty("attachments");
    expect(body).not.toHaveProperty("headers");
    expect(body).not.toHaveProperty("reply_to");
  });

  it("a 400 refuses the message (no failover); a custom host's error text is not repeated", async () => {
    fake.respond({
      status: 400,
      body: { errors: [{ message: "The from address does not match a verified Sender Identity.", field: "from", help: null }] },
    });
    const err = await providerFailure(sendgridAdapter.send(config(), sampleMessage));
    expect(err).toMatchObject({ retryable: false, status: 400 });
    expect(err.message).toBe("SendGrid answered 400"); // a custom base URL: no reply text
  });

  it("a 413 refuses the message too", async () => {
    fake.respond({ status: 413, body: { errors: [{ message: "Payload too large" }] } });
    expect(await providerFailure(sendgridAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: false, status: 413 });
  });

  it("401, 429 and 5xx (even as an HTML page) are retryable", async () => {
    fake.respond({ status: 401, body: { errors: [{ message: "The provided authorization grant is invalid, expired, or revoked" }] } });
    const unauthorized = await providerFailure(sendgridAdapter.send(config(), sampleMessage));
    expect(unauthorized).toMatchObject({ retryable: true, status: 401 });
    expect(unauthorized.message).toBe("SendGrid answered 401");

    fake.respond({ status: 429, body: { errors: [{ message: "too many requests" }] } });
    expect(await providerFailure(sendgridAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 429 });

    fake.respond({ status: 502, body: "<html><body>502 Bad Gateway</body></html>" });
    const gateway = await providerFailure(sendgridAdapter.send(config(), sampleMessage));
    expect(gateway).toMatchObject({ retryable: true, status: 502 });
    expect(gateway.message).toBe("SendGrid answered 502");
  });

  it("a closed port is a retryable network failure", async () => {
    const err = await providerFailure(sendgridAdapter.send({ apiKey: "SG.x", baseUrl: await closedPortUrl() }, sampleMessage));
    expect(err).toMatchObject({ retryable: true, status: undefined });
    expect(err.message).toBe("SendGrid could not be reached: the connection was refused");
  });
});

describe("SendGrid test()", () => {
  it("reads the key's scopes with GET /v3/scopes", async () => {
    fake.respond({ status: 200, body: { scopes: ["mail.send", "user.profile.read", "scopes.read"] } });
    expect(await sendgridAdapter.test(config())).toEqual({ message: "Authenticated; the key has 3 scopes, including mail.send" });
    expect(fake.last()).toMatchObject({ method: "GET", path: "/v3/scopes", headers: { authorization: "Bearer SG.test-key" } });
  });

  it("says so when the key cannot send", async () => {
    fake.respond({ status: 200, body: { scopes: ["stats.read"] } });
    expect((await sendgridAdapter.test(config())).message).toBe("Authenticated; the key has 1 scope, but not mail.send: it cannot send");
  });

  it("fails on a refused key", async () => {
    fake.respond({ status: 401, body: { errors: [{ field: null, message: "authorization required" }] } });
    const err = await providerFailure(sendgridAdapter.test(config()));
    expect(err).toMatchObject({ status: 401 });
    expect(err.message).toBe("SendGrid answered 401");
  });
});

describe("SendGrid config", () => {
  const schema = sendgridAdapter.configSchema;
  it("needs an SG. key, takes an optional URL and refuses unknown fields", () => {
    expect(schema.safeParse({ apiKey: "SG.abc" }).success).toBe(true);
    expect(schema.safeParse({ apiKey: "SG.abc", baseUrl: "https://sendgrid.proxy.test" }).success).toBe(true);
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ apiKey: "abc" }).success).toBe(false);
    expect(schema.safeParse({ apiKey: "SG.abc", baseUrl: "not a url" }).success).toBe(false);
    expect(schema.safeParse({ apiKey: "SG.abc", baseUrl: "ftp://sendgrid.test" }).success).toBe(false);
    expect(schema.safeParse({ apiKey: "SG.abc", region: "eu" }).success).toBe(false);
    expect(sendgridAdapter.secretFields).toEqual(["apiKey"]);
  });
});
