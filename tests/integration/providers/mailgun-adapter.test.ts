// The Mailgun adapter against a fake Mailgun API on 127.0.0.1: the multipart request it
// makes to /v3/{domain}/messages, how it reads refusals, and its connection test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailgunAdapter } from "@/lib/providers/mailgun/adapter";
import { closedPortUrl, formBody, providerFailure, startFakeHttpProvider, type FakeHttpProvider } from "../../helpers/fake-http-provider";
import { ICS, PDF, PNG, sampleMessage } from "./http-sample-message";

let fake: FakeHttpProvider;
beforeAll(async () => void (fake = await startFakeHttpProvider()));
afterAll(() => fake.close());
const config = () => ({ apiKey: "mg-key-123", domain: "mg.acme.test", baseUrl: fake.url });
const accepted = { status: 200, body: { id: "<20260302100000.1.ABC@mg.acme.test>", message: "Queued. Thank you." } };

async function file(form: FormData, field: string) {
  const value = form.get(field);
  if (!(value instanceof File)) throw new Error(`${field} is not a file part`);
  return { name: value.name, type: value.type, content: Buffer.from(await value.arrayBuffer()) };
}

describe("Mailgun send", () => {
  it("posts the documented multipart form with Basic api:<key> and returns Mailgun's id as is", async () => {
    fake.respond(accepted);
    expect(await mailgunAdapter.send(config(), sampleMessage)).toEqual({ providerMessageId: "<20260302100000.1.ABC@mg.acme.test>" });

    const req = fake.last();
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v3/mg.acme.test/messages");
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from("api:mg-key-123").toString("base64")}`);
    expect(req.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formBody(req);
    expect(form.get("from")).toBe('"Acme News" <news@acme.test>');
    expect(form.getAll("to")).toEqual(['"Ann \\"Annie\\" Lee" <ann@example.test>', "bob@example.test"]);
    expect(form.getAll("cc")).toEqual(['"Carol" <carol@example.test>']);
    expect(form.getAll("bcc")).toEqual(["audit@acme.test"]);
    expect(form.get("h:Reply-To")).toBe('"Acme Support" <support@acme.test>');
    expect(form.get("subject")).toBe("Spring sale starts Monday");
    expect(form.get("text")).toBe("Hello!");
    expect(form.get("html")).toBe('<p>Hello! <img src="cid:logo"></p>');
    expect(form.get("h:X-Campaign")).toBe("spring");
    expect(form.get("h:Message-Id")).toBe("<0b9c7d1e.spring@mailroom.local>");

    const attachments = form.getAll("attachment");
    expect(attachments).toHaveLength(2);
    expect(await file(form, "attachment")).toEqual({ name: "price-list.pdf", type: "application/pdf", content: PDF });
    const invite = attachments[1] as File;
    expect(invite.name).toBe("invite.ics");
    // Blob lower-cases types; the parameter still says which METHOD the invitation is.
    expect(invite.type).toBe("text/calendar; method=request");
    expect(await invite.text()).toBe(ICS);
    // Inline parts are named by their content id: Mailgun makes the name the Content-ID.
    expect(await file(form, "inline")).toEqual({ name: "logo", type: "image/png", content: PNG });
  });

  it("leaves out what a plain message lacks", async () => {
    fake.respond(accepted);
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
    await mailgunAdapter.send(config(), plain);
    const fields = [...(await formBody(fake.last())).keys()];
    expect(fields).toEqual(["from", "to", "to", "subject", "text", "h:Message-Id"]);
  });

  it("a 400 refuses the message (no failover) with Mailgun's message", async () => {
    fake.respond({ status: 400, body: { message: "to parameter is not a valid address. please check documentation" } });
    const err = await providerFailure(mailgunAdapter.send(config(), sampleMessage));
    expect(err).toMatchObject({ retryable: false, status: 400 });
    // A custom base URL: its reply is never repeated (docs/security.md), only the status.
    expect(err.message).toBe("Mailgun answered 400");
  });

  it("401, an unknown domain (404), 429 and 5xx fail over", async () => {
    fake.respond({ status: 401, body: "Forbidden" });
    const forbidden = await providerFailure(mailgunAdapter.send(config(), sampleMessage));
    expect(forbidden).toMatchObject({ retryable: true, status: 401, message: "Mailgun answered 401" });

    fake.respond({ status: 404, body: { message: "Domain not found: mg.acme.test" } });
    expect(await providerFailure(mailgunAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 404 });

    fake.respond({ status: 429, body: { message: "Too many requests" } });
    expect(await providerFailure(mailgunAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 429 });

    fake.respond({ status: 500, body: { message: "Internal error" } });
    expect(await providerFailure(mailgunAdapter.send(config(), sampleMessage))).toMatchObject({ retryable: true, status: 500 });
  });

  it("a closed port is a retryable network failure", async () => {
    const err = await providerFailure(mailgunAdapter.send({ ...config(), baseUrl: await closedPortUrl() }, sampleMessage));
    expect(err).toMatchObject({ retryable: true, status: undefined });
    expect(err.message).toBe("Mailgun could not be reached: the connection was refused");
  });
});

describe("Mailgun test()", () => {
  it("reads the domain's state with GET /v3/domains/{domain}", async () => {
    fake.respond({
      status: 200,
      body: { domain: { name: "mg.acme.test", state: "active" }, receiving_dns_records: [], sending_dns_records: [] },
    });
    expect(await mailgunAdapter.test(config())).toEqual({ message: `Authenticated at ${new URL(fake.url).host} for domain mg.acme.test` });
    expect(fake.last()).toMatchObject({
      method: "GET",
      path: "/v3/domains/mg.acme.test",
      headers: { authorization: `Basic ${Buffer.from("api:mg-key-123").toString("base64")}` },
    });
  });

  it("fails on an unknown domain", async () => {
    fake.respond({ status: 404, body: { message: "Domain not found" } });
    const err = await providerFailure(mailgunAdapter.test(config()));
    expect(err.message).toBe("Mailgun answered 404");
  });
});

describe("Mailgun config", () => {
  const schema = mailgunAdapter.configSchema;
  it("needs a key and a domain, takes an optional URL, and refuses unknown fields", () => {
    expect(schema.safeParse({ apiKey: "k", domain: "mg.acme.test" }).success).toBe(true);
    expect(schema.safeParse({ apiKey: "k", domain: "mg.acme.test", baseUrl: "https://api.eu.mailgun.net" }).success).toBe(true);
    expect(schema.safeParse({ apiKey: "k" }).success).toBe(false);
    expect(schema.safeParse({ domain: "mg.acme.test" }).success).toBe(false);
    expect(schema.safeParse({ apiKey: "k", domain: "mg.acme.test", baseUrl: "api.eu.mailgun.net" }).success).toBe(false);
    expect(schema.safeParse({ apiKey: "k", domain: "mg.acme.test", region: "eu" }).success).toBe(false);
    // The webhook signing key (events.ts) is kept secret too.
    expect(mailgunAdapter.secretFields).toEqual(["apiKey", "webhookSigningKey"]);
  });
});
