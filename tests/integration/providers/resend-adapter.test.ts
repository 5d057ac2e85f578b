// The Resend adapter against a fake Resend API on 127.0.0.1: the POST /emails request it
// makes (as Resend's SDK would), how Resend's errors map to failover, and test().
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resendAdapter } from "@/lib/providers/resend/adapter";
import { closedPortUrl, jsonBody, providerFailure, startFakeHttpProvider, type FakeHttpProvider } from "../../helpers/fake-http-provider";
import { ICS, PDF, PNG, sampleMessage } from "./http-sample-message";

let fake: FakeHttpProvider;
beforeAll(async () => void (fake = await startFakeHttpProvider()));
afterAll(() => fake.close());
const config = () => ({ apiKey: "re_test_123", baseUrl: fake.url });

describe("Resend send", () => {
  it("posts the documented /emails JSON with Bearer auth and returns Resend's id", async () => {
    fake.respond({ status: 200, body: { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" } });
    expect(await resendAdapter.send(config(), sampleMessage)).toEqual({ providerMessageId: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });

    const req = fake.last();
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/emails");
    expect(req.headers.authorization).toBe("Bearer re_test_123");
    expect(req.headers["content-type"]).toBe("application/json");
    // Resend de-duplicates a repeat of the same key: a send whose answer was lost can be repeated.
    expect(req.headers["idempotency-key"]).toBe(sampleMessage.messageId);
    expect(jsonBody(req)).toEqual({
      from: '"Acme News" <news@acme.test>',
      to: ['"Ann \\"Annie\\" Lee" <ann@example.test>', "bob@example.test"],
      cc: ['"Carol" <carol@example.test>'],
      bcc: ["audit@acme.test"],
      reply_to: '"Acme Support" <support@acme.test>',
      subject: "Spring sale starts Monday",
      html: '<p>Hello! <img src="cid:logo"></p>',
      text: "Hello!",
      // Custom headers pass; Message-ID is Resend's own and is not sent.
      headers: { "X-Campaign": "spring" },
      attachments: [
        { filename: "price-list.pdf", content: PDF.toString("base64"), content_type: "application/pdf" },
        { filename: "logo.png", content: PNG.toString("base64"), content_type: "image/png", content_id: "logo" },
        { filename: "invite.ics", content: Buffer.from(ICS).toString("base64"), content_type: "text/calendar; method=REQUEST" },
      ],
    });
  });

  it("a 422 validation error refuses the message: no failover", async () => {
    fake.respond({
      status: 422,
      body: {
        statusCode: 422,
        name: "validation_error",
        message: "Invalid `to` field. The email address needs to follow the `email@example.com` format.",
      },
    });
    const err = await providerFailure(resendAdapter.send(config(), sampleMessage));
    expect(err).toMatchObject({ retryable: false, status: 422 });
    expect(err.message).toBe("Resend answered 422"); // a custom base URL: no reply text
  });

  it("a refused key, an unverified domain (403), 429 and 5xx fail over", async () => {
    fake.respond({
      status: 401,
      body: { statusCode: 401, name: "missing_api_key", message: "Missing API key in the authorization header." },
    });
    expect(await providerFailure(resendAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 401 });

    // Resend has answered a bad key with 400 validation_error; its name still marks it as the key's fault.
    fake.respond({ status: 400, body: { statusCode: 400, name: "invalid_api_key", message: "API key is invalid" } });
    expect(await providerFailure(resendAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 400 });

    fake.respond({ status: 403, body: { statusCode: 403, name: "validation_error", message: "The acme.test domain is not verified." } });
    expect(await providerFailure(resendAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 403 });

    fake.respond({ status: 429, body: { statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests." } });
    expect(await providerFailure(resendAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 429 });

    // A non-JSON 5xx (a proxy's page): the status alone.
    fake.respond({ status: 502, body: "<html>Bad Gateway</html>" });
    expect(await providerFailure(resendAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 502 });
  });

  it("a closed port is a retryable network failure", async () => {
    const err = await providerFailure(resendAdapter.send({ apiKey: "re_x", baseUrl: await closedPortUrl() }, sampleMessage));
    expect(err).toMatchObject({ retryable: true, status: undefined });
    expect(err.message).toMatch(/^Resend could not be reached/);
  });
});

describe("Resend test()", () => {
  it("lists domains with GET /domains", async () => {
    fake.respond({
      status: 200,
      body: {
        object: "list",
        has_more: false,
        data: [
          { id: "d1", name: "acme.test" },
          { id: "d2", name: "mg.acme.test" },
        ],
      },
    });
    expect(await resendAdapter.test(config())).toEqual({ message: "Authenticated; 2 domains" });
    expect(fake.last()).toMatchObject({ method: "GET", path: "/domains", headers: { authorization: "Bearer re_test_123" } });
  });

  it("accepts a sending-only key, which may not list domains", async () => {
    fake.respond({
      status: 401,
      body: { statusCode: 401, name: "restricted_api_key", message: "This API key is restricted to only send emails" },
    });
    expect((await resendAdapter.test(config())).message).toMatch(/sending-only key/);
  });

  it("fails on an invalid key", async () => {
    fake.respond({ status: 403, body: { statusCode: 403, name: "invalid_api_key", message: "API key is invalid" } });
    const err = await providerFailure(resendAdapter.test(config()));
    expect(err.message).toBe("Resend answered 403");
  });
});

describe("Resend config", () => {
  const schema = resendAdapter.configSchema;
  it("needs an re_ key, takes an optional URL and refuses unknown fields", () => {
    expect(schema.safeParse({ apiKey: "re_abc" }).success).toBe(true);
    expect(schema.safeParse({ apiKey: "re_abc", baseUrl: "https://resend.proxy.test" }).success).toBe(true);
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ apiKey: "sk_abc" }).success).toBe(false);
    expect(schema.safeParse({ apiKey: "re_abc", baseUrl: "not a url" }).success).toBe(false);
    expect(schema.safeParse({ apiKey: "re_abc", from: "x@acme.test" }).success).toBe(false);
    // The webhook signing secret (events.ts) is kept secret too.
    expect(resendAdapter.secretFields).toEqual(["apiKey", "webhookSecret"]);
  });
});
