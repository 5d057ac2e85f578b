// Hostile input on the routes with a protocol of their own (catalogue.ts specialRoutes): the
// catch-alls, health, the OpenAPI document, Inngest's endpoint, provider webhooks (events and
// inbound mail), the OAuth endpoints (RFC 6749/7009/7591 errors), the staff API, MCP (JSON-RPC)
// and next-auth. Each answers in its own documented shape, never with a 5xx, and a refusal
// records nothing.
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { send, shapeProblems, type Auth, type FuzzRequest, type FuzzResponse } from "./support/exchange";
import { encodeSegment, withShortPrint } from "./support/generate";
import { contentTypes, CRLF_STRINGS, hostileRawBody, hostileString, hostileValue, mutate, UNICODE_STRINGS } from "./support/hostile";
import { fail, fcParams, RUNS, StateGuard } from "./support/runner";
import { closeSnapshots } from "./support/snapshot";
import { buildWorld, fillPath, kindOf, placeholders, type OrgWorld } from "./support/world";
import { routeFiles } from "./support/route-files";
import { fullConfig } from "@/lib/providers/provider-config";
import { postmarkInboundJson } from "../helpers/inbound-post";
import { basicAuthHeaders } from "../helpers/provider-signing";
import { db } from "@/lib/db/client";

let world: OrgWorld;
let guard: StateGuard;
let postmark: { username: string; password: string };

beforeAll(async () => {
  world = await buildWorld();
  guard = new StateGuard();
  // The inbound provider's Basic credentials, read back the way the product stores them.
  const config = fullConfig(await db().provider.findUniqueOrThrow({ where: { id: world.ids.inboundProvider } })) as {
    webhookUsername: string;
    webhookPassword: string;
  };
  postmark = { username: config.webhookUsername, password: config.webhookPassword };
});
afterAll(closeSnapshots);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const keys = (v: unknown) => (isObject(v) ? Object.keys(v).sort().join(",") : typeof v);

const req = (
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
  query = "",
  notes: string[] = [],
): FuzzRequest => ({
  method,
  path,
  query,
  headers: body !== undefined && !("content-type" in headers) ? { "content-type": "application/json", ...headers } : headers,
  body,
  notes,
});

/** Runs `check` on generated requests, each exchanged under the state guard (a refusal must change nothing). */
type Case = { req: FuzzRequest; auth?: Auth };

/** `examples` run first, every time: the cases a fix was made for (or is awaited for). */
async function property(
  arb: fc.Arbitrary<Case>,
  check: (res: FuzzResponse, r: FuzzRequest) => string[],
  runs = RUNS,
  examples: Case[] = [],
) {
  await fc.assert(
    fc.asyncProperty(
      arb.map((g) => withShortPrint(g)),
      async ({ req: r, auth }) => {
        const { res, changed } = await guard.exchange(r, auth ?? {});
        const problems = [
          ...check(res, r),
          ...(changed.length
            ? [`state changed on a ${res.status >= 400 ? "refusal" : "read"} (${res.status}): ${changed.join(", ")}`]
            : []),
        ];
        if (res.status >= 500) problems.unshift(`server error ${res.status}`);
        if (problems.length) fail(problems, r, res);
      },
    ),
    fcParams(
      runs,
      examples.map((e): [Case] => [withShortPrint(e)]),
    ),
  );
}

const methods = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE");
const segments = fc.array(hostileString.filter((s) => s.length > 0 && s.length < 500).map(encodeSegment), { minLength: 1, maxLength: 3 });

describe("catch-alls", () => {
  it("any unknown /api path answers 404 {error, code} in the legacy shape", async () => {
    const arb = fc
      .tuple(methods, segments, fc.option(hostileRawBody))
      .map(([m, segs, body]) => ({ req: req(m, `/api/fuzz-none/${segs.join("/")}`, m === "GET" ? undefined : (body ?? undefined)) }));
    await property(arb, (res) => [
      ...shapeProblems("legacy", res),
      ...(res.status === 404 ? [] : [`expected 404, answered ${res.status}`]),
    ]);
  });

  it("any unknown /api/v1 path answers 404 {error, code, requestId}", async () => {
    const arb = fc
      .tuple(methods, segments, fc.boolean())
      .map(([m, segs, key]) => ({ req: req(m, `/api/v1/fuzz-none/${segs.join("/")}`), auth: key ? { bearer: world.keys.star } : {} }));
    await property(arb, (res) => [...shapeProblems("v1", res), ...(res.status === 404 ? [] : [`expected 404, answered ${res.status}`])]);
  });
});

describe("methods a route does not have", () => {
  it("answer 405 (Next.js's own answer, empty), never a 5xx", async () => {
    const problems: string[] = [];
    for (const file of routeFiles().filter((f) => !f.path.includes("{..."))) {
      const path = fillPath(
        file.path,
        Object.fromEntries(
          placeholders(file.path).map((p) => {
            try {
              return [p, encodeURIComponent(world.ids[kindOf(file.path, p)])];
            } catch {
              return [p, randomUUID()];
            }
          }),
        ),
      );
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !file.methods.includes(m))) {
        const res = await send(req(method, path, method === "GET" ? undefined : "{}"), { cookie: world.cookies.owner });
        if (res.status !== 405) problems.push(`${method} ${file.path}: ${res.status} ${res.text.slice(0, 100)}`);
      }
    }
    if (problems.length) throw new Error(problems.join("\n"));
  });
});

describe("public routes", () => {
  const hostileQuery = fc
    .array(
      fc.tuple(
        fc.string({ maxLength: 10 }),
        hostileString.filter((s) => s.length < 2_000),
      ),
      { maxLength: 3 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString());

  it("GET /api/health answers {status, database} whatever the query and headers", async () => {
    const arb = fc
      .tuple(
        hostileQuery,
        fc.constantFrom<Record<string, string>>(
          {},
          { "x-forwarded-host": "evil.example" },
          { cookie: "next-auth.session-token=forged" },
          { authorization: "Bearer junk" },
        ),
      )
      .map(([q, h]) => ({ req: req("GET", "/api/health", undefined, h, q) }));
    await property(arb, (res) =>
      res.status === 200 && keys(res.json) === "database,status"
        ? []
        : [`expected 200 {status, database}, answered ${res.status} ${res.text.slice(0, 100)}`],
    );
  });

  it("GET /api/bench/floor answers 404 {error, code} whatever the query and headers: only the benchmark turns it on", async () => {
    const arb = fc
      .tuple(hostileQuery, fc.constantFrom<Record<string, string>>({}, { authorization: "Bearer junk" }, { "x-mailroom-bench-floor": "1" }))
      .map(([q, h]) => ({ req: req("GET", "/api/bench/floor", undefined, h, q) }));
    await property(arb, (res) =>
      res.status === 404 && keys(res.json) === "code,error"
        ? []
        : [`expected 404 {error, code}, answered ${res.status} ${res.text.slice(0, 100)}`],
    );
  });

  it("GET /api/health/live and /api/health/ready answer their bodies whatever the query and headers", async () => {
    const probes = {
      "/api/health/live": { keys: "status", status: "ok" },
      "/api/health/ready": { keys: "database,status", status: "ready" },
    } as const;
    const arb = fc
      .tuple(
        fc.constantFrom(...(Object.keys(probes) as (keyof typeof probes)[])),
        hostileQuery,
        fc.constantFrom<Record<string, string>>(
          {},
          { "x-forwarded-host": "evil.example" },
          { cookie: "next-auth.session-token=forged" },
          { authorization: "Bearer junk" },
        ),
      )
      .map(([path, q, h]) => ({ req: req("GET", path, undefined, h, q) }));
    await property(arb, (res, { path }) => {
      const want = probes[path as keyof typeof probes];
      const body = res.json as { status?: unknown } | undefined;
      return res.status === 200 && keys(res.json) === want.keys && body?.status === want.status
        ? []
        : [`${path}: expected 200 {${want.keys}} with status ${want.status}, answered ${res.status} ${res.text.slice(0, 100)}`];
    });
  });

  it("GET /api/v1/openapi.json answers the document whatever the query", async () => {
    const arb = hostileQuery.map((q) => ({ req: req("GET", "/api/v1/openapi.json", undefined, {}, q) }));
    await property(
      arb,
      (res) =>
        res.status === 200 && isObject(res.json) && res.json.openapi === "3.1.0" ? [] : [`expected the document, answered ${res.status}`],
      Math.ceil(RUNS / 3),
    );
  });

  it("/api/inngest answers 404 {error} while Inngest is not configured", async () => {
    const arb = fc
      .tuple(fc.constantFrom("GET", "POST", "PUT"), hostileQuery, fc.option(hostileRawBody))
      .map(([m, q, body]) => ({ req: req(m, "/api/inngest", m === "GET" ? undefined : (body ?? undefined), {}, q) }));
    await property(arb, (res) =>
      res.status === 404 && keys(res.json) === "error" ? [] : [`expected 404 {error}, answered ${res.status} ${res.text.slice(0, 100)}`],
    );
  });
});

describe("provider webhooks", () => {
  const refusals = new Set([400, 401, 404, 413]);
  const refusalShape = (res: FuzzResponse) =>
    res.status === 200 || (refusals.has(res.status) && isObject(res.json) && typeof res.json.error === "string")
      ? []
      : [`expected 200 or a 400/401/404/413 {error}, answered ${res.status} ${res.text.slice(0, 200)}`];

  const providerId = () =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(world.ids.inboundProvider) },
      { weight: 1, arbitrary: fc.constantFrom(world.ids.provider, "00000000-0000-4000-8000-000000000000", "not-a-uuid", "%25zz") },
    );
  const credentials = () =>
    fc.constantFrom<Record<string, string>>(
      basicAuthHeaders(postmark.username, postmark.password),
      {},
      basicAuthHeaders(postmark.username, "wrong-password-123"),
      { authorization: "Basic !!!" },
    );

  /** Postmark's event payloads with hostile values. */
  const events = fc.constantFrom<Record<string, unknown>>(
    {
      RecordType: "Delivery",
      MessageID: "00000000-0000-0000-0000-000000000001",
      Recipient: "a@example.test",
      DeliveredAt: "2026-01-01T00:00:00Z",
    },
    {
      RecordType: "Bounce",
      ID: 1,
      Type: "HardBounce",
      MessageID: "m1",
      Email: "a@example.test",
      BouncedAt: "2026-01-01T00:00:00Z",
      Description: "x",
    },
    {
      RecordType: "SubscriptionChange",
      MessageID: null,
      Recipient: "fuzz-sub@example.test",
      ChangedAt: "2026-01-01T00:00:00Z",
      SuppressSending: true,
      SuppressionReason: "ManualSuppression",
    },
    {
      RecordType: "Click",
      MessageID: "m1",
      Recipient: "a@example.test",
      ReceivedAt: "2026-01-01T00:00:00Z",
      OriginalLink: "https://example.test",
    },
  );

  it("POST /api/webhooks/providers/{id}: hostile events never 5xx; refusals record nothing", async () => {
    const body = fc.oneof(
      hostileRawBody,
      events.chain((e) => mutate(e)).map((m) => JSON.stringify(m.value)),
      events.chain((e) => mutate(e)).map((m) => JSON.stringify([m.value, m.value])),
    );
    const arb = fc
      .tuple(providerId(), credentials(), body)
      .map(([id, auth, b]) => ({ req: req("POST", `/api/webhooks/providers/${id}`, b, auth) }));
    await property(arb, refusalShape);
  });

  it("POST /api/inbound/providers/{id}: hostile inbound mail never 5xx, and what is kept reads back through the inbox", async () => {
    const mail = postmarkInboundJson({
      from: { email: "alice@example.com", name: "Alice" },
      to: [{ email: "support@acme.test" }],
      subject: "Hello",
      text: "Body",
    });
    const body = fc.oneof(
      { weight: 1, arbitrary: hostileRawBody },
      { weight: 4, arbitrary: mutate(mail).map((m) => JSON.stringify(m.value)) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom(...CRLF_STRINGS, ...UNICODE_STRINGS), fc.constantFrom("Subject", "FromName", "TextBody", "HtmlBody"))
          .map(([s, field]) =>
            JSON.stringify({
              ...mail,
              [field]: s,
              Headers: [...(mail.Headers as object[]), { Name: "Message-ID", Value: `<${s}@x>` }, { Name: s, Value: s }],
              Attachments: [{ Name: s, Content: Buffer.from("hi").toString("base64"), ContentType: s, ContentID: s }],
            }),
          ),
      },
    );
    const arb = fc
      .tuple(providerId(), credentials(), body)
      .map(([id, auth, b]) => ({ req: req("POST", `/api/inbound/providers/${id}`, b, auth) }));
    await fc.assert(
      fc.asyncProperty(
        arb.map((g) => withShortPrint(g)),
        async ({ req: r }) => {
          const { res, changed } = await guard.exchange(r, {});
          const problems = [
            ...refusalShape(res),
            ...(changed.length ? [`state changed on a refusal (${res.status}): ${changed.join(", ")}`] : []),
          ];
          // Kept mail must read back: the message, and each attachment, through the v1 inbox.
          for (const id of res.status === 200 && isObject(res.json) ? ((res.json.ids as string[]) ?? []) : []) {
            const read = await send(req("GET", `/api/v1/inbox/messages/${id}`), { bearer: world.keys.star });
            problems.push(...shapeProblems("v1", read).map((p) => `reading the kept message: ${p}`));
            for (const att of await db().inboundAttachment.findMany({ where: { inboundMessageId: id } })) {
              const a = await send(req("GET", `/api/v1/inbox/messages/${id}/attachments/${att.id}`), { bearer: world.keys.star });
              problems.push(...shapeProblems("v1", a).map((p) => `reading an attachment: ${p}`));
            }
          }
          if (problems.length) fail(problems, r, res);
        },
      ),
      fcParams(),
    );
  });
});

describe("OAuth endpoints (RFC 6749 errors)", () => {
  const OAUTH_ERRORS = new Set([
    "invalid_request",
    "invalid_client",
    "invalid_grant",
    "unauthorized_client",
    "unsupported_grant_type",
    "invalid_scope",
    "unsupported_token_type",
    "invalid_client_metadata",
    "invalid_redirect_uri",
    "access_denied",
    "unsupported_response_type",
    "login_required",
    "server_error",
  ]);
  const rfcShape = (res: FuzzResponse): string[] => {
    if (res.status < 400) return [];
    if (!isObject(res.json) || typeof res.json.error !== "string")
      return [`expected an RFC 6749 {error, error_description}, answered ${res.status} ${res.text.slice(0, 200)}`];
    if (!OAUTH_ERRORS.has(res.json.error)) return [`unknown OAuth error ${res.json.error}`];
    if (res.json.error_description !== undefined && typeof res.json.error_description !== "string")
      return ["error_description is not a string"];
    return [];
  };
  // Registrations are limited per client address: these come from an address of their own.
  const from = { "x-forwarded-for": "203.0.113.7" };
  const form = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();
  const formField = fc.tuple(
    fc.constantFrom(
      "grant_type",
      "code",
      "refresh_token",
      "client_id",
      "client_secret",
      "redirect_uri",
      "code_verifier",
      "scope",
      "token",
      "token_type_hint",
      "__proto__",
      "constructor",
    ),
    hostileString.filter((s) => s.length < 5_000),
  );
  const grant = fc.constantFrom(
    "authorization_code",
    "refresh_token",
    "client_credentials",
    "password",
    "",
    "urn:ietf:params:oauth:grant-type:jwt-bearer",
  );

  it("POST /api/oauth/token: hostile grants are refused with an RFC 6749 error", async () => {
    const arb = fc
      .tuple(
        grant,
        fc.array(formField, { maxLength: 5 }),
        fc.oneof(fc.constant("application/x-www-form-urlencoded"), contentTypes),
        fc.constantFrom<Record<string, string>>(
          {},
          { authorization: "Basic Zm9vOmJhcg==" },
          { authorization: "Basic !!!" },
          { authorization: `Bearer ${world.keys.star}` },
        ),
      )
      .map(([g, fields, ct, h]) => ({
        req: req("POST", "/api/oauth/token", form([["grant_type", g], ...fields]), { "content-type": ct || "text/plain", ...h }),
      }));
    // Malformed Basic credentials (no colon) must be invalid_client, like on the revocation endpoint.
    const malformedBasic = ["Basic !!!", `Basic ${Buffer.from("no-colon").toString("base64")}`].map((authorization) => ({
      req: req(
        "POST",
        "/api/oauth/token",
        form([
          ["grant_type", "authorization_code"],
          ["code", "x"],
        ]),
        { "content-type": "application/x-www-form-urlencoded", authorization },
      ),
    }));
    await property(
      arb,
      (res) => [
        ...rfcShape(res),
        ...(res.status >= 200 && res.status < 300 ? [`a hostile grant got a ${res.status} answer: ${res.text.slice(0, 100)}`] : []),
      ],
      RUNS,
      malformedBasic,
    );
  });

  it("POST /api/oauth/revoke: hostile tokens answer 200 or an RFC 6749 error", async () => {
    const arb = fc
      .array(formField, { maxLength: 4 })
      .map((fields) => ({ req: req("POST", "/api/oauth/revoke", form(fields), { "content-type": "application/x-www-form-urlencoded" }) }));
    await property(arb, rfcShape);
  });

  it("POST /api/oauth/register: hostile client metadata is refused with an RFC 7591 error", async () => {
    const metadata = {
      redirect_uris: ["http://127.0.0.1:5999/callback"],
      client_name: "Fuzz",
      token_endpoint_auth_method: "none",
      scope: "org:read",
    };
    const arb = fc
      .oneof(
        hostileRawBody,
        mutate(metadata).map((m) => JSON.stringify(m.value)),
      )
      .map((b) => ({ req: req("POST", "/api/oauth/register", b, from) }));
    await property(arb, rfcShape, Math.min(RUNS, 40));
  });

  it("POST /api/oauth/authorize: hostile consent posts never 5xx and grant nothing", async () => {
    const fields = fc.array(
      fc.tuple(
        fc.constantFrom(
          "response_type",
          "client_id",
          "redirect_uri",
          "scope",
          "state",
          "code_challenge",
          "code_challenge_method",
          "decision",
        ),
        fc.oneof(
          hostileString.filter((s) => s.length < 3_000),
          fc.constantFrom("code", "approve", "S256", "http://127.0.0.1:5999/callback"),
        ),
      ),
      { maxLength: 8 },
    );
    const arb = fc.tuple(fields, fc.boolean()).map(([f, signedIn]) => ({
      req: req("POST", "/api/oauth/authorize", form(f), { "content-type": "application/x-www-form-urlencoded", origin: inject("baseUrl") }),
      auth: signedIn ? { cookie: world.cookies.owner } : {},
    }));
    await property(arb, (res) => {
      const location = res.headers.get("location") ?? "";
      return [
        ...(res.status === 302 ? [] : rfcShapeOrPage(res)),
        ...(/[?&]code=/.test(location) ? [`a hostile consent post issued a code: ${location}`] : []),
      ];
    });
  });

  /** The consent endpoint answers a redirect, an RFC error, or (for a browser) an error page. */
  function rfcShapeOrPage(res: FuzzResponse): string[] {
    if (res.status < 400) return [];
    if ((res.headers.get("content-type") ?? "").startsWith("text/html")) return [];
    return rfcShape(res);
  }
});

describe("staff API (its own token; v1 error shape)", () => {
  const token = () => inject("serverEnv").STAFF_API_TOKEN;
  const paths = () =>
    fc.constantFrom<[string, string]>(
      ["GET", "/api/internal/organizations"],
      ["GET", `/api/internal/organizations/${world.orgId}`],
      ["PATCH", `/api/internal/organizations/${world.orgId}`],
      ["POST", `/api/internal/organizations/${world.orgId}/providers`],
      ["POST", `/api/internal/providers/${world.ids.provider}/status`],
      ["PUT", `/api/internal/api-keys/${world.ids.apiKey}/rate-limit`],
      ["GET", "/api/internal/organizations/not-a-uuid"],
    );
  const bodies = fc.oneof(
    hostileRawBody,
    fc
      .constantFrom<Record<string, unknown>>(
        { plan: "starter" },
        { monthlySendAllowance: 5 },
        { rateLimitPerMinute: 10 },
        { status: "active" },
        { name: "x", type: "smtp", config: {} },
      )
      .chain((b) => mutate(b))
      .map((m) => JSON.stringify(m.value)),
  );

  it("without the staff token every route answers 401 and changes nothing", async () => {
    const auths = fc.constantFrom<Auth>(
      {},
      { bearer: world.keys.star },
      { cookie: world.cookies.owner },
      { bearer: `${token()}x` },
      { bearer: token().slice(1) },
    );
    const arb = fc.tuple(paths(), bodies, auths).map(([[m, p], b, auth]) => ({ req: req(m, p, m === "GET" ? undefined : b), auth }));
    await property(arb, (res) => [...shapeProblems("v1", res), ...(res.status === 401 ? [] : [`expected 401, answered ${res.status}`])]);
  });

  it("with the token, hostile input answers the v1 error shape and a refusal changes nothing", async () => {
    const query = fc.option(
      hostileString.filter((s) => s.length < 2_000).map((s) => `email=${encodeSegment(s)}`),
      { nil: "" },
    );
    const arb = fc
      .tuple(paths(), bodies, query)
      .map(([[m, p], b, q]) => ({ req: req(m, p, m === "GET" ? undefined : b, {}, q), auth: { bearer: token() } }));
    await property(arb, (res) => shapeProblems("v1", res));
  });
});

describe("MCP endpoint (JSON-RPC; bearer only)", () => {
  const envelope = fc.constantFrom<Record<string, unknown>>(
    {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "send_email", arguments: { to: "fuzz-inbox@example.test", subject: "Hi", text: "x" } },
    },
    { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "render_template", arguments: { id: "x", variables: {} } } },
    { jsonrpc: "2.0", id: 3, method: "tools/list" },
    {
      jsonrpc: "2.0",
      id: 4,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "fuzz", version: "1" } },
    },
    { jsonrpc: "2.0", id: 5, method: "server/discover" },
  );
  const body = fc.oneof(
    hostileRawBody,
    envelope.chain((e) => mutate(e)).map((m) => JSON.stringify(m.value)),
    envelope.map((e) => JSON.stringify([e, e])),
  );

  const accept = { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
  /** Tool calls with text the database cannot store: refused like the v1 route (VALIDATION_ERROR), never an INTERNAL_ERROR. */
  const unstorable = () =>
    ['{"k":"\\u0000"}', '{"k":"\\ud800"}'].map((metadata) => ({
      req: req(
        "POST",
        "/api/mcp",
        `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"send_email","arguments":{"to":"fuzz-inbox@example.test","subject":"Hi","text":"x","metadata":${metadata}}}}`,
        accept,
      ),
      auth: { bearer: world.keys.star },
    }));

  it("hostile JSON-RPC never 5xx nor an INTERNAL_ERROR tool result; refusals are JSON-RPC errors or {error, code, requestId}", async () => {
    const arb = fc
      .tuple(
        body,
        fc.constantFrom<Auth>({ bearer: world.keys.star }, {}, { cookie: world.cookies.owner }, { bearer: "junk" }),
        fc.constantFrom("POST", "GET", "DELETE"),
      )
      .map(([b, auth, m]) => ({ req: req(m, "/api/mcp", m === "POST" ? b : undefined, accept), auth }));
    await property(
      arb,
      (res) => {
        if (/\\?"code\\?":\\?"INTERNAL_ERROR/.test(res.text)) return [`a tool answered INTERNAL_ERROR: ${res.text.slice(0, 300)}`];
        if (res.status < 400 || res.status === 405 || res.status === 406 || res.status === 415) return [];
        const j = res.json;
        const rpc = isObject(j) && j.jsonrpc === "2.0" && isObject(j.error) && typeof j.error.code === "number";
        const http = isObject(j) && typeof j.error === "string" && typeof j.code === "string";
        return rpc || http
          ? []
          : [`expected a JSON-RPC error or {error, code, requestId}, answered ${res.status} ${res.text.slice(0, 200)}`];
      },
      RUNS,
      unstorable(),
    );
  });
});

describe("next-auth (/api/auth/*)", () => {
  it("hostile sign-in posts never 5xx and never set a session", async () => {
    const field = fc.oneof(
      hostileString.filter((s) => s.length < 5_000),
      fc.constant("owner@example.test"),
      hostileValue.map(String),
    );
    const arb = fc.tuple(field, field, fc.constantFrom("credentials", "nope", "%25zz")).map(([email, password, provider]) => ({
      req: req("POST", `/api/auth/callback/${provider}`, new URLSearchParams({ email, password, json: "true" }).toString(), {
        "content-type": "application/x-www-form-urlencoded",
      }),
    }));
    await property(arb, (res) =>
      res.headers.getSetCookie().some((c) => c.startsWith("next-auth.session-token=") && !/=;|Max-Age=0/i.test(c))
        ? ["a hostile sign-in got a session"]
        : [],
    );
  });

  it("hostile session cookies and paths never 5xx", async () => {
    const arb = fc
      .tuple(
        fc.constantFrom("session", "csrf", "providers", "signin", "signout", "fuzz"),
        hostileString.filter((s) => s.length < 3_000),
      )
      .map(([p, cookie]) => ({
        req: req("GET", `/api/auth/${p}`, undefined, { cookie: `next-auth.session-token=${encodeSegment(cookie)}` }),
      }));
    await property(arb, () => []);
  });
});
