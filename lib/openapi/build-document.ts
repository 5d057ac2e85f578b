// OpenAPI 3.1 document of the v1 API, generated from the operations' zod schemas
// (zod's own JSON Schema output; OpenAPI 3.1 uses JSON Schema 2020-12 as is).
import { z } from "zod";
import { paginationSchemaOf, type OperationSpec } from "@/lib/http/operation";
import { v1Operations } from "@/lib/openapi/operations";
import { ERROR_STATUS } from "@/lib/errors/app-error";
import { APP_SCOPES } from "@/lib/oauth/scopes";

type JsonSchema = Record<string, unknown>;

const schema = (s: z.ZodType, io: "input" | "output"): JsonSchema => {
  const json = z.toJSONSchema(s, { io, unrepresentable: "any" }) as JsonSchema;
  delete json.$schema; // the document's dialect applies
  return json;
};

// Codes a v1 route can answer with (401 has its own body, without a code).
const V1_CODES = (Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]).filter(
  (c) => c !== "INVALID_API_KEY" && c !== "UNAUTHORIZED",
);

const errorBody = {
  type: "object",
  required: ["error", "code", "requestId"],
  properties: { error: { type: "string" }, code: { type: "string", enum: V1_CODES }, requestId: { type: "string" } },
};

const header = (description: string, type = "string") => ({ description, schema: { type } });
const commonHeaders = {
  "X-Request-Id": header("The request id (also in the body)"),
  "X-RateLimit-Limit": header("Requests allowed per window (API keys only)", "integer"),
  "X-RateLimit-Remaining": header("Requests left in the window (API keys only)", "integer"),
  "X-RateLimit-Reset": header("Unix time (seconds) when the window resets (API keys only)", "integer"),
};

function parameters(op: OperationSpec) {
  const out: unknown[] = [];
  for (const [where, s] of [
    ["path", op.params],
    ["query", op.query],
  ] as const) {
    if (!s) continue;
    const js = schema(s, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, prop] of Object.entries(js.properties ?? {})) {
      out.push({ name, in: where, required: where === "path" || (js.required ?? []).includes(name), schema: prop });
    }
  }
  return out;
}

function operationObject(op: OperationSpec) {
  const data = schema(op.response, "output");
  const envelope: JsonSchema = {
    type: "object",
    required: ["data", "requestId"],
    properties: { data, requestId: { type: "string", pattern: "^req_" } },
  };
  const pagination = paginationSchemaOf(op);
  if (pagination) {
    (envelope.properties as JsonSchema).pagination = schema(pagination, "output");
    (envelope.required as string[]).push("pagination");
  }
  const err = (description: string) => ({
    description,
    headers: commonHeaders,
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
  return {
    summary: op.summary,
    tags: [op.tag],
    operationId: `${op.method.toLowerCase()}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string) => (c ? c.toUpperCase() : ""))}`,
    security: [{ bearerAuth: [op.scope] }, { oauth2: [op.scope] }, { sessionCookie: [] }],
    "x-required-scope": op.scope,
    parameters: parameters(op),
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: schema(op.body, "input") } } } } : {}),
    ...(op.rawBody
      ? {
          requestBody: {
            required: true,
            description: op.rawBody.description,
            content: { [op.rawBody.contentType]: { schema: { type: "string" } } },
          },
        }
      : {}),
    responses: {
      [String(op.status ?? 200)]: op.produces
        ? {
            description: op.produces.description,
            headers: commonHeaders,
            content: { [op.produces.contentType]: { schema: { type: "string" } } },
          }
        : { description: "Success", headers: commonHeaders, content: { "application/json": { schema: envelope } } },
      "400": err("VALIDATION_ERROR: the body, query or path does not fit"),
      "401": {
        description: "Invalid or missing API key",
        content: { "application/json": { schema: { $ref: "#/components/schemas/InvalidApiKey" } } },
      },
      "403": err("SCOPE_DENIED, PERMISSION_DENIED or CROSS_SITE_REQUEST"),
      "404": err("NOT_FOUND: no such resource in your organization"),
      ...(op.body || op.rawBody ? { "409": err("CONFLICT"), "413": err("PAYLOAD_TOO_LARGE") } : {}),
      "429": { ...err("RATE_LIMITED"), headers: { ...commonHeaders, "Retry-After": header("Seconds to wait", "integer") } },
      "500": err("INTERNAL_ERROR"),
      "503": {
        ...err("SERVICE_UNAVAILABLE: the database cannot be reached right now; try again after Retry-After"),
        headers: { ...commonHeaders, "Retry-After": header("Seconds to wait", "integer") },
      },
    },
  };
}

export function buildOpenApiDocument(baseUrl: string, operations: OperationSpec[] = v1Operations) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path][op.method.toLowerCase()] = operationObject(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Mailroom API",
      version: "1.0.0",
      description:
        "Versioned REST API. Authenticate with `Authorization: Bearer <API_KEY>`, or as a connected app with an OAuth access token.",
    },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API key (mr_…) created in the dashboard" },
        oauth2: {
          type: "oauth2",
          description:
            "A connected app's access token (mrat_…), sent as `Authorization: Bearer`; PKCE (S256) is required. Its scopes are narrowed to the approving user's role.",
          flows: {
            authorizationCode: {
              authorizationUrl: `${baseUrl}/oauth/authorize`,
              tokenUrl: `${baseUrl}/api/oauth/token`,
              refreshUrl: `${baseUrl}/api/oauth/token`,
              scopes: Object.fromEntries(APP_SCOPES.map((s) => [s, s])),
            },
          },
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The dashboard session (named __Secure-next-auth.session-token when served over https)",
        },
      },
      schemas: {
        Error: errorBody,
        InvalidApiKey: { type: "object", required: ["error"], properties: { error: { type: "string", const: "Invalid API key" } } },
      },
    },
  };
}
