// The Postmark adapter against a fake Postmark API on 127.0.0.1: the POST /email request it
// makes, how its ErrorCodes decide failover, and its connection test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postmarkAdapter } from "@/lib/providers/postmark/adapter";
import { closedPortUrl, jsonBody, providerFailure, startFakeHttpProvider, type FakeHttpProvider } from "../../helpers/fake-http-provider";
import { ICS, PDF, PNG, sampleMessage } from "./http-sample-message";

let fake: FakeHttpProvider;
beforeAll(async () => void (fake = await startFakeHttpProvider()));
afterAll(() => fake.close());
const config = () => ({ serverToken: "pm-server-token", baseUrl: fake.url });
const accepted = {
  status: 200,
  body: { To: "ann@example.test", SubmittedAt: "2026-03-02T10:00:00Z", MessageID: "pm-0a1b2c", ErrorCode: 0, Message: "OK" },
};

describe("Postmark send", () => {
  it("posts the documented /email JSON and returns MessageID", async () => {
    fake.respond(accepted);
    expect(await postmarkAdapter.send(config(), sampleMessage)).toEqual({ providerMessageId: "pm-0a1b2c" });

    const req = fake.last();
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/email");
    expect(req.headers["x-postmark-server-token"]).toBe("pm-server-token");
    expect(req.headers.accept).toBe("application/json");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(jsonBody(req)).toEqual({
      From: '"Acme News" <news@acme.test>',
      To: '"Ann \\"Annie\\" Lee" <ann@example.test>, bob@example.test',
      Cc: '"Carol" <carol@example.test>',
      Bcc: "audit@acme.test",
      ReplyTo: '"Acme Support" <support@acme.test>',
      Subject: "Spring sale starts Monday",
      HtmlBody: '<p>Hello! <img src="cid:logo"></p>',
      TextBody: "Hello!",
      MessageStream: "outbound",
      // Postmark keeps a given Message-ID.
      Headers: [
        { Name: "X-Campaign", Value: "spring" },
        { Name: "Message-ID", Value: "<0b9c7d1e.spring@mailroom.local>" },
      ],
      Attachments: [
        { Name: "price-list.pdf", Content: PDF.toString("base64"), ContentType: "application/pdf" },
        { Name: "logo.png", Content: PNG.toString("base64"), ContentType: "image/png", ContentID: "cid:logo" },
        { Name: "invite.ics", Content: Buffer.from(ICS).toString("base64"), ContentType: "text/calendar; method=REQUEST" },
      ],
    });
  });

  it("sends on the configured message stream", async () => {
    fake.respond(accepted);
    await postmarkAdapter.send({ ...config(), messageStream: "broadcast" }, sampleMessage);
    expect(jsonBody(fake.last()).MessageStream).toBe("broadcast");
  });

  it("a 422 for the message itself (invalid address, inactive recipient) refuses it: no failover", async () => {
    fake.respond({ status: 422, body: { ErrorCode: 300, Message: "Invalid 'To' address: 'nobody'." } });
    const invalid = await providerFailure(postmarkAdapter.send(config(), sampleMessage));
    expect(invalid).toMatchObject({ retryable: false, status: 422 });
    // A custom base URL: its reply is never repeated (docs/security.md), only the status.
    expect(invalid.message).toBe("Postmark answered 422");

    fake.respond({
      status: 422,
      body: { ErrorCode: 406, Message: "You tried to send to recipient(s) that have been marked as inactive." },
    });
    expect(await providerFailure(postmarkAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: false, status: 422 });
  });

  it("a bad token (ErrorCode 10 or 401), an account that may not send, 429 and 5xx fail over", async () => {
    fake.respond({ status: 422, body: { ErrorCode: 10, Message: "Bad or missing Server API token." } });
    expect(await providerFailure(postmarkAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 422 });

    fake.respond({ status: 401, body: { ErrorCode: 10, Message: "No Account or Server API tokens were supplied in the HTTP headers." } });
    const unauthorized = await providerFailure(postmarkAdapter.send(config(), sampleMessage));
    expect(unauthorized).toMatchObject({ retryable: true, status: 401 });
    expect(unauthorized.message).toBe("Postmark answered 401");

    fake.respond({ status: 422, body: { ErrorCode: 405, Message: "You have run out of credits." } });
    expect(await providerFailure(postmarkAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true });

    fake.respond({ status: 429, body: { ErrorCode: 429, Message: "Rate limit exceeded" } });
    expect(await providerFailure(postmarkAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 429 });

    fake.respond({ status: 503, body: "Service Unavailable" });
    expect(await providerFailure(postmarkAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 503 });
  });

  it("a closed port is a retryable network failure", async () => {
    const err = await providerFailure(postmarkAdapter.send({ serverToken: "t", baseUrl: await closedPortUrl() }, sampleMessage));
    expect(err).toMatchObject({ retryable: true, status: undefined });
    expect(err.message).toBe("Postmark could not be reached: the connection was refused");
  });
});

describe("Postmark test()", () => {
  it("names the server from GET /server", async () => {
    fake.respond({ status: 200, body: { ID: 1, Name: "Mailroom production", ApiTokens: ["hidden"] } });
    expect(await postmarkAdapter.test(config())).toEqual({ message: `Authenticated at ${new URL(fake.url).host}` });
    expect(fake.last()).toMatchObject({ method: "GET", path: "/server", headers: { "x-postmark-server-token": "pm-server-token" } });
  });

  it("fails on a refused token", async () => {
    fake.respond({ status: 401, body: { ErrorCode: 10, Message: "Bad or missing Server API token." } });
    const err = await providerFailure(postmarkAdapter.test(config()));
    expect(err.message).toBe("Postmark answered 401");
  });
});

describe("Postmark config", () => {
  const schema = postmarkAdapter.configSchema;
  it("needs a server token, takes an optional URL and stream, and refuses unknown fields", () => {
    expect(schema.safeParse({ serverToken: "POSTMARK_API_TEST" }).success).toBe(true);
    expect(schema.safeParse({ serverToken: "t", baseUrl: "https://pm.proxy.test", messageStream: "broadcast" }).success).toBe(true);
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ serverToken: "" }).success).toBe(false);
    expect(schema.safeParse({ serverToken: "t", baseUrl: "nope" }).success).toBe(false);
    expect(schema.safeParse({ serverToken: "t", apiKey: "x" }).success).toBe(false);
    // The webhook password (events.ts) is kept secret too; the webhook username is not.
    expect(postmarkAdapter.secretFields).toEqual(["serverToken", "webhookPassword"]);
  });
});
