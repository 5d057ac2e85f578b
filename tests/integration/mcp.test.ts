// The MCP endpoint end to end, with the official MCP client over Streamable HTTP: the tools
// list, each tool against the real app (a real SMTP sink for sends), bearer-only
// authentication with the discovery challenge, scope checks, validation, other
// organizations' data, the shared per-key rate limit and the protected-resource metadata.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  Client,
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  extractResourceMetadataUrl,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { connectApp } from "../helpers/oauth-app";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";

const TOOLS = [
  "send_email",
  "schedule_email",
  "update_scheduled_email",
  "list_messages",
  "get_message",
  "analytics_summary",
  "list_providers",
  "list_webhook_endpoints",
  "create_webhook_endpoint",
  "update_webhook_endpoint",
  "list_templates",
  "render_template",
];
const ALL_SCOPES = [
  "email:send",
  "analytics:read",
  "providers:read",
  "webhooks:read",
  "webhooks:write",
  "templates:read",
  "templates:write",
];
const hookUrl = "https://hooks.example.test/mcp"; // ALLOW_PRIVATE_WEBHOOK_URLS is on in the shared servers: no DNS needed

const mcpUrl = () => `${inject("baseUrl")}/api/mcp`;
const clients: Client[] = [];
afterAll(async () => Promise.all(clients.map((c) => c.close())));

/** The official client, connected with `headers` (an Authorization header, or a cookie). */
async function connect(headers: Record<string, string>, mode: "legacy" | "auto" = "legacy"): Promise<Client> {
  const client = new Client({ name: "mailroom-tests", version: "1.0.0" }, { versionNegotiation: { mode } });
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl()), { requestInit: { headers } });
  await client.connect(transport);
  clients.push(client);
  return client;
}
const withKey = (key: string, mode?: "legacy" | "auto") => connect({ Authorization: `Bearer ${key}` }, mode);

type ToolResult = Awaited<ReturnType<Client["callTool"]>>;
/** The tool result's JSON text, which must equal its structured content. */
function body(result: ToolResult): any {
  const [first] = result.content as { type: string; text: string }[];
  expect(first.type).toBe("text");
  const parsed = JSON.parse(first.text);
  expect(result.structuredContent).toEqual(parsed);
  return parsed;
}
async function ok(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return body(result);
}
async function refused(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError).toBe(true);
  const parsed = body(result);
  expect(parsed).toEqual({ error: expect.any(String), code: expect.any(String), requestId: expect.stringMatching(/^req_/) });
  return parsed as { error: string; code: string };
}

/** A raw JSON-RPC POST, as a client without the SDK sends it (a message, a batch array, or JSON text as is). */
function rawPost(headers: Record<string, string>, message: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" }) {
  return fetch(mcpUrl(), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: typeof message === "string" ? message : JSON.stringify(message),
  });
}
/** The JSON-RPC message of a response: a JSON body, or the data of an SSE stream's one event. */
async function rpcResult(res: Response): Promise<any> {
  const text = await res.text();
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) return JSON.parse(text);
  const data = text.split("\n").find((line) => line.startsWith("data: "));
  return JSON.parse(data!.slice("data: ".length));
}
/** Every JSON-RPC message of an SSE response (a batch answers one event per request). */
async function rpcResults(res: Response): Promise<any[]> {
  const text = await res.text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice("data: ".length)));
}
/** Waits, when needed, so the next few requests land in one 60-second rate window. */
async function intoOneWindow() {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoWindow + 100));
}
const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});
const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

let org: Awaited<ReturnType<typeof newOrg>>;
let key: string;
let client: Client;
let sink: SmtpSink;
let provider: { id: string; name: string };

beforeAll(async () => {
  org = await newOrg();
  await productionMode(org.org.id);
  sink = await newSink();
  provider = await smtpProvider(org.cookie, sink);
  key = (await createKey(org.cookie, ALL_SCOPES)).key;
  client = await withKey(key);
});
afterAll(async () => sink?.close());

describe("tools/list", () => {
  it("lists every tool with its v1 input schema, read-only tools marked", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.description).toMatch(/scope/);
      expect(tool.outputSchema?.type).toBe("object");
    }
    expect(byName.send_email.inputSchema.required).toEqual(expect.arrayContaining(["to", "subject"]));
    expect(Object.keys(byName.send_email.inputSchema.properties!)).toEqual(
      expect.arrayContaining(["to", "from", "html", "text", "scheduledAt", "attachments"]),
    );
    expect(byName.schedule_email.inputSchema.required).toEqual(expect.arrayContaining(["to", "subject", "scheduledAt"]));
    expect(byName.get_message.inputSchema.required).toEqual(["messageId"]);
    // Every tool refuses arguments it does not name, as every v1 body and query does.
    for (const tool of tools) expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
    expect(Object.keys(byName.analytics_summary.inputSchema.properties!)).toEqual(["from", "to", "projectId", "tag"]);
    expect(byName.list_providers.inputSchema).toMatchObject({ properties: {}, additionalProperties: false });
    expect(Object.keys(byName.update_webhook_endpoint.inputSchema.properties!)).toEqual(["id", "url", "description", "events", "isActive"]);
    expect(byName.update_webhook_endpoint.inputSchema.required).toEqual(["id"]);
    expect(Object.keys(byName.render_template.inputSchema.properties!)).toEqual(["id", "variables", "version"]);
    expect(byName.list_templates.annotations?.readOnlyHint).toBe(true);
    expect(byName.send_email.annotations?.readOnlyHint).toBe(false);
  });

  it("serves the 2026-07-28 protocol too: a negotiating client lists and calls the same tools", async () => {
    const modern = await withKey(key, "auto");
    expect(modern.getProtocolEra()).toBe("modern");
    expect(client.getProtocolEra()).toBe("legacy");
    expect(modern.getServerVersion()).toMatchObject({ name: "mailroom" });
    expect(modern.getInstructions()).toContain("SCOPE_DENIED");
    expect((await modern.listTools()).tools.map((t) => t.name)).toEqual(TOOLS);
    const providers = await ok(modern, "list_providers");
    expect(providers.data.map((p: { id: string }) => p.id)).toEqual([provider.id]);
  });
});

describe("email tools", () => {
  it("send_email sends through the real provider; get_message returns its timeline", async () => {
    const before = sink.messages.length;
    const { data } = await ok(client, "send_email", {
      from: "ann@sender.test",
      to: "mcp-1@example.test",
      subject: "Sent over MCP",
      text: "Hello from a tool",
    });
    expect(data).toEqual({
      id: expect.any(String),
      messageId: expect.any(String),
      status: "sent",
      provider: provider.name,
      sentAt: expect.any(String),
    });
    expect(sink.messages.length).toBe(before + 1);
    const mail = sink.messages.at(-1)!;
    expect(mail.rcptTo).toEqual(["mcp-1@example.test"]);
    expect(mail.raw.toString()).toContain("Subject: Sent over MCP");
    const row = await db().message.findUniqueOrThrow({ where: { id: data.id } });
    expect(row).toMatchObject({ orgId: org.org.id, status: "sent", subject: "Sent over MCP" });
    const audit = await db().auditLog.findFirstOrThrow({
      where: { orgId: org.org.id, action: "email.send" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit).toMatchObject({ outcome: "sent", actorType: "api_key" });

    const unknown = await refused(client, "get_message", { messageId: data.id, includeBodies: true });
    expect(unknown).toMatchObject({ code: "VALIDATION_ERROR", error: expect.stringContaining("includeBodies") });
    const message = await ok(client, "get_message", { messageId: data.id });
    expect(message.data).toMatchObject({ id: data.id, subject: "Sent over MCP", to: ["mcp-1@example.test"] });
    expect(message.data.events.map((e: { type: string }) => e.type)).toContain("email.sent");
    // The same data the v1 route answers.
    const v1 = await call(`/api/v1/email/messages/${data.id}`, { key });
    expect(message.data).toEqual(v1.body.data);

    const listed = await ok(client, "list_messages", { subject: "Sent over MCP", perPage: 5 });
    expect(listed.data.map((m: { id: string }) => m.id)).toContain(data.id);
    expect(listed.pagination).toMatchObject({ page: 1, perPage: 5 });
    const v1List = await call(`/api/v1/email/messages?subject=Sent%20over%20MCP&perPage=5`, { key });
    expect(listed.data).toEqual(v1List.body.data);
  });

  it("schedule_email schedules a send (and requires scheduledAt); nothing goes out now", async () => {
    const before = sink.messages.length;
    const scheduledAt = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
    const { data } = await ok(client, "schedule_email", {
      from: "ann@sender.test",
      to: "mcp-2@example.test",
      subject: "Later",
      text: "x",
      scheduledAt,
      maxRetries: 2,
    });
    expect(data).toMatchObject({ id: expect.any(String), status: "scheduled", scheduledFor: scheduledAt, maxRetries: 2 });
    const row = await db().scheduledEmail.findUniqueOrThrow({ where: { id: data.id } });
    expect(row).toMatchObject({ orgId: org.org.id, status: "scheduled" });
    expect(sink.messages.length).toBe(before);

    const missing = await refused(client, "schedule_email", {
      from: "ann@sender.test",
      to: "mcp-2@example.test",
      subject: "Later",
      text: "x",
    });
    expect(missing.code).toBe("VALIDATION_ERROR");
    expect(missing.error).toContain("arguments.scheduledAt");
    const past = await refused(client, "schedule_email", {
      from: "ann@sender.test",
      to: "mcp-2@example.test",
      subject: "Later",
      text: "x",
      scheduledAt: "2020-01-01T00:00:00Z",
    });
    expect(past).toMatchObject({ code: "VALIDATION_ERROR", error: expect.stringContaining("must be in the future") });
    expect(await db().scheduledEmail.count({ where: { orgId: org.org.id } })).toBe(1);
  });

  it("send_email refuses invalid input with VALIDATION_ERROR and sends nothing", async () => {
    const before = await db().message.count({ where: { orgId: org.org.id } });
    const sunk = sink.messages.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ to: "not an address", subject: "Hi", text: "x" }, "arguments.to"],
      [{ subject: "Hi", text: "x" }, "arguments.to"],
      [{ to: "mcp-3@example.test", subject: "Hi" }, "arguments.html"],
      [{ to: "mcp-3@example.test", subject: "Hi", text: "x", surprise: true }, "arguments"],
    ];
    for (const [args, where] of cases) {
      const res = await refused(client, "send_email", args);
      expect(res.code, JSON.stringify(args)).toBe("VALIDATION_ERROR");
      expect(res.error).toContain(where);
    }
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(before);
    expect(sink.messages.length).toBe(sunk);
  });

  it("domain refusals read as on v1: test mode refuses a recipient off the test lists", async () => {
    const other = await newOrg();
    const testKey = (await createKey(other.cookie, ["email:send"])).key;
    const res = await refused(await withKey(testKey), "send_email", { to: "stranger@example.test", subject: "Hi", text: "x" });
    expect(res.code).toBe("TEST_MODE_RECIPIENT");
    expect(await db().message.count({ where: { orgId: other.org.id } })).toBe(0);
  });

  it("send_email and schedule_email take an idempotencyKey: a retry returns the first result and sends nothing; other arguments conflict", async () => {
    const idempotencyKey = `mcp-retry-${randomBytes(6).toString("hex")}`;
    const args = { from: "ann@sender.test", to: "mcp-once@example.test", subject: "Exactly once", text: "x", idempotencyKey };
    const sunk = sink.messages.length;
    const first = await ok(client, "send_email", args);
    expect(first.data).toMatchObject({ status: "sent", provider: provider.name });
    const retried = await ok(client, "send_email", args);
    expect(retried.data).toEqual(first.data);
    expect(sink.messages.length).toBe(sunk + 1);
    expect(await db().message.count({ where: { orgId: org.org.id, subject: "Exactly once" } })).toBe(1);

    const conflict = await refused(client, "send_email", { ...args, subject: "Something else" });
    expect(conflict.code).toBe("IDEMPOTENCY_CONFLICT");
    // The key is the organization's, shared with the v1 route's Idempotency-Key header.
    const v1Body = { from: args.from, to: args.to, subject: args.subject, text: args.text };
    const v1 = await call("/api/v1/email/send", { key, body: v1Body, headers: { "idempotency-key": idempotencyKey } });
    expect(v1.status).toBe(200);
    expect(v1.body.data).toEqual(first.data);
    for (const bad of ["", "has space", "é", "x".repeat(256)]) {
      const invalid = await refused(client, "send_email", { ...args, idempotencyKey: bad });
      expect(invalid.code, bad).toBe("VALIDATION_ERROR");
      expect(invalid.error).toContain("arguments.idempotencyKey");
    }
    expect(sink.messages.length).toBe(sunk + 1);
    expect(await db().message.count({ where: { orgId: org.org.id, subject: { in: ["Exactly once", "Something else"] } } })).toBe(1);

    const scheduledAt = new Date(Date.now() + 5 * 24 * 3_600_000).toISOString();
    const later = {
      from: "ann@sender.test",
      to: "mcp-once@example.test",
      subject: "Scheduled once",
      text: "x",
      scheduledAt,
      idempotencyKey: `${idempotencyKey}-later`,
    };
    const scheduled = await ok(client, "schedule_email", later);
    expect((await ok(client, "schedule_email", later)).data).toEqual(scheduled.data);
    expect(await db().scheduledEmail.count({ where: { orgId: org.org.id, scheduledFor: new Date(scheduledAt) } })).toBe(1);
  });
});

describe("analytics and providers", () => {
  it("analytics_summary and list_providers answer the v1 routes' data", async () => {
    const summary = await ok(client, "analytics_summary");
    expect(summary.data.totalSent).toBeGreaterThanOrEqual(1);
    expect(summary.data).toEqual((await call("/api/v1/analytics/summary", { key })).body.data);
    const bad = await refused(client, "analytics_summary", { from: "yesterday" });
    expect(bad).toMatchObject({ code: "VALIDATION_ERROR", error: expect.stringContaining("arguments.from") });

    const providers = await ok(client, "list_providers");
    expect(providers.data).toEqual((await call("/api/v1/providers", { key })).body.data);
    expect(providers.data[0]).toMatchObject({ id: provider.id, type: "smtp" });
    expect(JSON.stringify(providers.data)).not.toContain("relay-password");
  });
});

describe("webhook endpoint tools", () => {
  it("create returns the secret once; list and update match v1 and change the row", async () => {
    const created = await ok(client, "create_webhook_endpoint", { url: hookUrl, description: "From MCP", events: ["email.delivered"] });
    expect(created.data).toMatchObject({
      url: hookUrl,
      description: "From MCP",
      events: ["email.delivered"],
      isActive: true,
      secret: expect.stringMatching(/^whsec_/),
    });
    const id = created.data.id;
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(row.orgId).toBe(org.org.id);
    expect(row.secretSealed).not.toContain(created.data.secret.slice(6));

    const listed = await ok(client, "list_webhook_endpoints", { perPage: 10 });
    expect(listed.pagination).toEqual({ page: 1, perPage: 10, total: 1 });
    expect(listed.data).toEqual([{ ...created.data, secret: undefined }]);
    expect(JSON.stringify(listed)).not.toContain("whsec_");
    expect(listed.data).toEqual((await call("/api/v1/webhook-endpoints?perPage=10", { key })).body.data);

    const updated = await ok(client, "update_webhook_endpoint", { id, description: "Renamed", isActive: false });
    expect(updated.data).toMatchObject({ id, url: hookUrl, description: "Renamed", isActive: false, events: ["email.delivered"] });
    expect(updated.data).not.toHaveProperty("secret");
    expect(await db().webhookEndpoint.findUniqueOrThrow({ where: { id } })).toMatchObject({ description: "Renamed", isActive: false });

    const invalid = await refused(client, "update_webhook_endpoint", { id, url: "ftp://example.test/x" });
    expect(invalid.code).toBe("VALIDATION_ERROR");
    expect(await db().webhookEndpoint.findUniqueOrThrow({ where: { id } })).toMatchObject({ url: hookUrl, description: "Renamed" });

    const stranger = await newOrg();
    const strangerKey = (await createKey(stranger.cookie, ["webhooks:write"])).key;
    const notFound = await refused(await withKey(strangerKey), "update_webhook_endpoint", { id, description: "Hijacked" });
    expect(notFound.code).toBe("NOT_FOUND");
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id } })).description).toBe("Renamed");
  });
});

describe("template tools", () => {
  it("list_templates and render_template answer the v1 routes' data", async () => {
    const created = await call("/api/v1/templates", {
      key,
      body: {
        name: "mcp-welcome",
        subject: "Welcome, {{name}}",
        html: "<p>Hi {{name}} from {{team}}</p>",
        variables: [
          { name: "name", required: true },
          { name: "team", default: "Mailroom" },
        ],
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const listed = await ok(client, "list_templates");
    expect(listed.data.map((t: { id: string }) => t.id)).toContain(id);
    expect(listed).toEqual({ data: (await call("/api/v1/templates", { key })).body.data, pagination: { page: 1, perPage: 25, total: 1 } });

    const rendered = await ok(client, "render_template", { id, variables: { name: "Ada" } });
    expect(rendered.data).toMatchObject({ subject: "Welcome, Ada", html: "<p>Hi Ada from Mailroom</p>" });
    expect(rendered.data).toEqual((await call(`/api/v1/templates/${id}/preview`, { key, body: { variables: { name: "Ada" } } })).body.data);
    expect((await refused(client, "render_template", { id: "not-a-uuid" })).code).toBe("VALIDATION_ERROR");
    expect((await refused(client, "render_template", { id: "00000000-0000-4000-8000-000000000000" })).code).toBe("NOT_FOUND");
  });
});

describe("scopes and organizations", () => {
  it("a key without a tool's scope gets SCOPE_DENIED from that tool and nothing happens", async () => {
    const readOnly = await withKey((await createKey(org.cookie, ["analytics:read", "webhooks:read"])).key);
    const messages = await db().message.count({ where: { orgId: org.org.id } });
    const endpoints = await db().webhookEndpoint.count({ where: { orgId: org.org.id } });
    const sunk = sink.messages.length;
    const send = await refused(readOnly, "send_email", { from: "ann@sender.test", to: "mcp-4@example.test", subject: "No", text: "x" });
    expect(send).toMatchObject({ code: "SCOPE_DENIED", error: expect.stringContaining("email:send") });
    // Scope is checked before the arguments, as on v1.
    expect((await refused(readOnly, "send_email", { to: "nope" })).code).toBe("SCOPE_DENIED");
    expect((await refused(readOnly, "create_webhook_endpoint", { url: hookUrl })).code).toBe("SCOPE_DENIED");
    expect((await refused(readOnly, "list_providers", {})).code).toBe("SCOPE_DENIED");
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(messages);
    expect(await db().webhookEndpoint.count({ where: { orgId: org.org.id } })).toBe(endpoints);
    expect(sink.messages.length).toBe(sunk);
    // The scopes it holds work.
    expect((await ok(readOnly, "analytics_summary")).data.totalSent).toBeGreaterThanOrEqual(1);
  });

  it("another organization's message is NOT_FOUND, and so is one outside a project-bound key's project", async () => {
    const { data } = await ok(client, "send_email", { from: "ann@sender.test", to: "mcp-5@example.test", subject: "Mine", text: "x" });
    const stranger = await newOrg();
    const strangerClient = await withKey((await createKey(stranger.cookie, ["analytics:read"])).key);
    expect((await refused(strangerClient, "get_message", { messageId: data.id })).code).toBe("NOT_FOUND");

    const project = await call("/api/projects", { cookie: org.cookie, body: { name: "Other project" } });
    expect(project.status).toBe(201);
    const bound = await withKey((await createKey(org.cookie, ["analytics:read"], { projectId: project.body.id })).key);
    expect((await refused(bound, "get_message", { messageId: data.id })).code).toBe("NOT_FOUND");
    expect((await ok(client, "get_message", { messageId: data.id })).data.id).toBe(data.id);
    expect((await ok(bound, "list_messages", { subject: "Mine" })).data).toEqual([]);
  });
});

describe("authentication", () => {
  const metadataUrl = () => `${inject("baseUrl")}/.well-known/oauth-protected-resource/api/mcp`;

  it("refuses a session cookie with 401 and the discovery challenge, even a valid one", async () => {
    const session = await rawPost({ cookie: org.cookie }, initialize);
    expect(session.status).toBe(401);
    expect(session.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${metadataUrl()}"`);
    expect(await session.json()).toEqual({
      error: expect.stringContaining("Bearer"),
      code: "UNAUTHORIZED",
      requestId: expect.stringMatching(/^req_/),
    });
    expect((await rawPost({ cookie: "next-auth.session-token=forged" }, initialize)).status).toBe(401);
    // The official client gets no further either.
    await expect(connect({ cookie: org.cookie })).rejects.toThrow();
  });

  it("refuses no credential, an invalid key and a revoked key with 401", async () => {
    const none = await rawPost({}, initialize);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${metadataUrl()}"`);
    for (const credential of ["mr_not-a-real-key", ""]) {
      const res = await rawPost({ authorization: `Bearer ${credential}` }, initialize);
      expect(res.status).toBe(401);
      const challenge = res.headers.get("www-authenticate")!;
      expect(challenge).toMatch(/^Bearer /);
      expect(challenge).toContain('error="invalid_token"');
      expect(challenge).toContain(`resource_metadata="${metadataUrl()}"`);
      expect((await res.json()).code).toBe("INVALID_API_KEY");
    }
    const revocable = await createKey(org.cookie, ["providers:read"]);
    const revocableClient = await withKey(revocable.key);
    await ok(revocableClient, "list_providers");
    expect((await call(`/api/api-keys/${revocable.id}`, { method: "DELETE", cookie: org.cookie })).status).toBe(200);
    expect((await rawPost({ authorization: `Bearer ${revocable.key}` })).status).toBe(401);
    await expect(revocableClient.callTool({ name: "list_providers", arguments: {} })).rejects.toThrow();
    await expect(withKey("mr_not-a-real-key")).rejects.toThrow();
  });

  it("a stateless server answers GET and DELETE with 405 once authenticated", async () => {
    expect((await fetch(mcpUrl(), { headers: { accept: "text/event-stream" } })).status).toBe(401);
    const get = await fetch(mcpUrl(), { headers: { accept: "text/event-stream", authorization: `Bearer ${key}` } });
    expect(get.status).toBe(405);
    const del = await fetch(mcpUrl(), { method: "DELETE", headers: { authorization: `Bearer ${key}` } });
    expect(del.status).toBe(405);
  });
});

describe("with an OAuth access token", () => {
  it("a connected app lists and calls tools under the scopes its user's role backs", async () => {
    const member = await addMemberAs(org.cookie, "member");
    const { tokens } = await connectApp(member.cookie, "templates:read webhooks:write");
    expect(tokens.scope).toBe("templates:read");
    const app = await withKey(tokens.access_token);
    expect((await app.listTools()).tools.map((t) => t.name)).toEqual(TOOLS);
    const listed = await ok(app, "list_templates");
    expect(listed.data).toEqual((await call("/api/v1/templates", { key })).body.data);
    const endpoints = await db().webhookEndpoint.count({ where: { orgId: org.org.id } });
    const denied = await refused(app, "create_webhook_endpoint", { url: hookUrl, events: ["email.sent"] });
    expect(denied).toMatchObject({ code: "SCOPE_DENIED", error: "This access token lacks the webhooks:write scope" });
    expect(await db().webhookEndpoint.count({ where: { orgId: org.org.id } })).toBe(endpoints);
  });
});

describe("rate limit", () => {
  it("carries X-RateLimit-* and counts MCP requests in the key's per-minute limit: 429 with Retry-After past it, nothing run", async () => {
    const { id, key: limitedKey } = await createKey(org.cookie, ["email:send", "providers:read"]);
    // Four requests must land in one 60-second window.
    await intoOneWindow();
    const auth = { authorization: `Bearer ${limitedKey}` };
    const first = await rawPost(auth);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-limit")).toBe("60");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("59");
    expect(first.headers.get("x-request-id")).toMatch(/^req_/);
    const listed = await rpcResult(first);
    expect(listed.result.tools).toHaveLength(TOOLS.length);

    await db().apiKey.update({ where: { id }, data: { rateLimitPerMinute: 3 } });
    // The v1 API and the MCP endpoint share the counter.
    const v1 = await call("/api/v1/providers", { key: limitedKey });
    expect(v1.status).toBe(200);
    expect(v1.headers.get("x-ratelimit-remaining")).toBe("1");
    const third = await rawPost(auth);
    expect(third.status).toBe(200);
    expect(third.headers.get("x-ratelimit-remaining")).toBe("0");
    const before = await db().message.count({ where: { orgId: org.org.id } });
    const limited = await rawPost(auth, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "send_email", arguments: { from: "ann@sender.test", to: "mcp-6@example.test", subject: "Limited", text: "x" } },
    });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: expect.stringContaining("3 requests per minute"),
      code: "RATE_LIMITED",
      requestId: expect.stringMatching(/^req_/),
    });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("3");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(before);
  });

  it("counts every request of a JSON-RPC batch; a batch past the limit is refused whole and nothing in it runs", async () => {
    const { id, key: batchKey } = await createKey(org.cookie, ["email:send", "providers:read"]);
    await db().apiKey.update({ where: { id }, data: { rateLimitPerMinute: 5 } });
    await intoOneWindow();
    const auth = { authorization: `Bearer ${batchKey}` };
    const lists = await rawPost(
      auth,
      [1, 2, 3].map((n) => toolCall(n, "list_providers", {})),
    );
    expect(lists.status).toBe(200);
    expect(lists.headers.get("x-ratelimit-limit")).toBe("5");
    expect(lists.headers.get("x-ratelimit-remaining")).toBe("2");
    const answers = await rpcResults(lists);
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3]);
    expect(answers.every((a) => a.result.structuredContent.data[0].id === provider.id)).toBe(true);

    const before = await db().message.count({ where: { orgId: org.org.id } });
    const sunk = sink.messages.length;
    const sends = [10, 11, 12].map((n) =>
      toolCall(n, "send_email", { from: "ann@sender.test", to: `mcp-batch-${n}@example.test`, subject: "Batched", text: "x" }),
    );
    const over = await rawPost(auth, sends);
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({
      error: expect.stringContaining("5 requests per minute"),
      code: "RATE_LIMITED",
      requestId: expect.stringMatching(/^req_/),
    });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(before);
    expect(sink.messages.length).toBe(sunk);
  });
});

describe("malformed requests", () => {
  const auth = () => ({ authorization: `Bearer ${key}` });

  it("answers JSON that is not JSON-RPC, or not JSON, with a JSON-RPC error, never a 500", async () => {
    for (const body of [
      "{nope",
      JSON.stringify({ hello: 1 }),
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: "x" }),
    ]) {
      const res = await rawPost(auth(), body);
      expect(res.status, body).toBe(400);
      expect(res.headers.get("x-request-id")).toMatch(/^req_/);
      expect(await res.json()).toMatchObject({ jsonrpc: "2.0", error: { code: expect.any(Number), message: expect.any(String) } });
    }
    const text = await fetch(mcpUrl(), {
      method: "POST",
      headers: { ...auth(), "content-type": "text/plain", accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(text.status).toBe(415);
  });

  it("refuses arguments nested deeper than the v1 API allows with 400 VALIDATION_ERROR, running nothing", async () => {
    const before = await db().message.count({ where: { orgId: org.org.id } });
    const sunk = sink.messages.length;
    const deep = "[".repeat(5_000) + "1" + "]".repeat(5_000);
    const res = await rawPost(
      auth(),
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"send_email","arguments":{"from":"ann@sender.test","to":"mcp-deep@example.test","subject":"Deep","text":"x","metadata":{"d":${deep}}}}}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: expect.stringContaining("nested more than 32 levels"),
      code: "VALIDATION_ERROR",
      requestId: expect.stringMatching(/^req_/),
    });
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(before);
    expect(sink.messages.length).toBe(sunk);
    // As deep as a v1 body may go is fine.
    let nested: unknown = "leaf";
    for (let i = 0; i < 30; i++) nested = { n: nested };
    const fine = await ok(client, "send_email", {
      from: "ann@sender.test",
      to: "mcp-deep@example.test",
      subject: "Nested metadata",
      text: "x",
      metadata: { nested },
    });
    expect(fine.data.status).toBe("sent");
  });
});

describe("protected-resource metadata", () => {
  it("leads the official client's discovery from the 401 challenge to the authorization server", async () => {
    const base = inject("baseUrl");
    const metadataUrl = extractResourceMetadataUrl(await rawPost({}, initialize));
    expect(metadataUrl?.href).toBe(`${base}/.well-known/oauth-protected-resource/api/mcp`);
    const resource = await discoverOAuthProtectedResourceMetadata(mcpUrl(), { resourceMetadataUrl: metadataUrl });
    expect(resource.resource).toBe(mcpUrl());
    const server = await discoverAuthorizationServerMetadata(resource.authorization_servers![0]);
    expect(server?.issuer).toBe(base);
  });

  it("answers RFC 9728 metadata at the root and at the MCP endpoint's path", async () => {
    const base = inject("baseUrl");
    for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/api/mcp"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const doc = await res.json();
      expect(doc).toEqual({
        resource: `${base}/api/mcp`,
        authorization_servers: [base],
        bearer_methods_supported: ["header"],
        scopes_supported: expect.arrayContaining(["email:send", "analytics:read", "webhooks:write", "templates:read", "use-cases:write"]),
        resource_name: "Mailroom",
      });
      expect(doc.scopes_supported).not.toContain("*");
      expect(doc.scopes_supported).toHaveLength(new Set(doc.scopes_supported).size);
      // Browser-based clients read it with an MCP-Protocol-Version header: the preflight allows that.
      const preflight = await fetch(`${base}${path}`, {
        method: "OPTIONS",
        headers: {
          origin: "https://client.example.test",
          "access-control-request-method": "GET",
          "access-control-request-headers": "mcp-protocol-version",
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
      expect(preflight.headers.get("access-control-allow-headers")).toBe("mcp-protocol-version");
    }
  });
});
