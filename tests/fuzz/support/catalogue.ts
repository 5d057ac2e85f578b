// Every API route the fuzz suite drives, with the zod schemas its handler validates with:
// v1 routes straight from the operations list (the OpenAPI document's source), legacy and
// dashboard routes from the same schemas their route files pass to legacyRoute. Routes with
// their own protocol are listed apart, each with where it is covered. coverage.test.ts fails
// when a route file under app/api has a method that none of these names.
import type { z } from "zod";
import { v1Operations } from "@/lib/openapi/operations";
import { DEFAULT_BODY_LIMIT, SEND_BODY_LIMIT } from "@/lib/http/read-body";
import { SCOPE_PERMISSION, type Permission, type Scope } from "@/lib/auth/permissions";
import { reportQuerySchema, emailIdParamsSchema, trackEventSchema, messageListQuerySchema } from "@/lib/analytics/schemas";
import { codeSchema } from "@/lib/two-factor/schemas";
import { changePasswordSchema, invitationIdParamsSchema, inviteMemberSchema } from "@/lib/account-links/schemas";
import { switchOrganizationSchema } from "@/lib/orgs/schemas";
import { updateProfileSchema } from "@/lib/users/schemas";
import { createApiKeySchema, keyIdParamsSchema } from "@/lib/api-keys/schemas";
import { auditQuerySchema } from "@/lib/audit/schemas";
import { idParamsSchema as oauthIdParamsSchema, createAppSchema } from "@/lib/oauth/schemas";
import { scheduleEmailSchema, sendEmailSchema } from "@/lib/email/schemas";
import { scheduleListQuerySchema, scheduledIdParamsSchema } from "@/lib/scheduling/schemas";
import { sendTemplatedSchema } from "@/lib/templates/schemas";
import { BATCH_BODY_LIMIT, batchSendSchema } from "@/lib/email/batch-schemas";
import {
  createDomainSchema,
  createRuleSchema,
  domainIdParamsSchema,
  ruleIdParamsSchema,
  ruleTestSchema,
  updateDomainSchema,
  updateRuleSchema,
} from "@/lib/inbound/schemas";
import { pageSizeQuerySchema } from "@/lib/http/pagination";
import { addMemberSchema, memberIdParamsSchema, updateMemberSchema } from "@/lib/members/schemas";
import { createProjectSchema } from "@/lib/projects/schemas";
import { createProviderSchema, providerIdParamsSchema, updateProviderSchema } from "@/lib/providers/schemas";
import { createTestListSchema, setModeSchema, testListIdQuerySchema } from "@/lib/safety/schemas";
import { deliveriesQuerySchema, deliveryParamsSchema, endpointIdParamsSchema, messageDeliveriesParamsSchema } from "@/lib/webhooks/schemas";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type RouteScope = Exclude<Scope, "*">;

export interface RouteEntry {
  family: "v1" | "legacy";
  method: Method;
  /** OpenAPI form: /api/v1/contacts/{id} */
  path: string;
  /** The scope a key (or app token) needs; undefined: a dashboard-only route (keys get SESSION_ONLY). */
  scope?: RouteScope;
  /** The permission a session needs (none: any member). */
  permission?: Permission;
  orgWide?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyLimit: number;
  /** A non-JSON body the handler streams itself (its content type). */
  rawBody?: string;
  paginated?: boolean;
  /** A non-JSON success body (its content type). */
  produces?: string;
}

export const v1Routes: RouteEntry[] = v1Operations.map((op) => ({
  family: "v1",
  method: op.method,
  path: op.path,
  scope: op.scope,
  permission: op.permission ?? SCOPE_PERMISSION[op.scope],
  orgWide: op.orgWide,
  params: op.params,
  query: op.query,
  body: op.body,
  bodyLimit: op.bodyLimit ?? DEFAULT_BODY_LIMIT,
  rawBody: op.rawBody?.contentType,
  paginated: op.paginated,
  produces: op.produces?.contentType,
}));

type LegacySpec = Omit<RouteEntry, "family" | "bodyLimit" | "permission"> & { bodyLimit?: number; permission?: Permission };

/** A key-accepting legacy route's session permission defaults to its scope's, as in routeContext. */
const legacy = (spec: LegacySpec): RouteEntry => ({
  family: "legacy",
  bodyLimit: DEFAULT_BODY_LIMIT,
  ...spec,
  permission: spec.permission ?? (spec.scope ? SCOPE_PERMISSION[spec.scope] : undefined),
});

export const legacyRoutes: RouteEntry[] = [
  legacy({ method: "GET", path: "/api/account/two-factor" }),
  legacy({ method: "POST", path: "/api/account/two-factor/setup" }),
  legacy({ method: "POST", path: "/api/account/two-factor/verify", body: codeSchema }),
  legacy({ method: "POST", path: "/api/account/two-factor/enable", body: codeSchema }),
  legacy({ method: "POST", path: "/api/account/two-factor/disable", body: codeSchema }),
  legacy({ method: "POST", path: "/api/account/password", body: changePasswordSchema }),
  legacy({ method: "GET", path: "/api/account/organizations" }),
  legacy({ method: "PATCH", path: "/api/account/profile", body: updateProfileSchema }),
  legacy({ method: "POST", path: "/api/account/organization", body: switchOrganizationSchema }),
  legacy({
    method: "GET",
    path: "/api/analytics/summary",
    scope: "analytics:read",
    permission: "analytics.view",
    query: reportQuerySchema,
  }),
  legacy({
    method: "GET",
    path: "/api/analytics/bounce-report",
    scope: "analytics:read",
    permission: "analytics.view",
    query: reportQuerySchema,
  }),
  legacy({
    method: "GET",
    path: "/api/analytics/delivery-report",
    scope: "analytics:read",
    permission: "analytics.view",
    query: reportQuerySchema,
  }),
  legacy({ method: "GET", path: "/api/analytics/stats/{emailId}", permission: "analytics.view", params: emailIdParamsSchema }),
  legacy({ method: "POST", path: "/api/analytics/track", permission: "email.send", body: trackEventSchema }),
  legacy({ method: "GET", path: "/api/api-keys", permission: "keys.view" }),
  legacy({ method: "POST", path: "/api/api-keys", permission: "keys.manage", body: createApiKeySchema }),
  legacy({ method: "DELETE", path: "/api/api-keys/{id}", permission: "keys.manage", params: keyIdParamsSchema }),
  legacy({ method: "GET", path: "/api/audit", permission: "analytics.view", query: auditQuerySchema }),
  legacy({ method: "GET", path: "/api/connected-apps" }),
  legacy({ method: "DELETE", path: "/api/connected-apps/{id}", params: oauthIdParamsSchema }),
  legacy({ method: "POST", path: "/api/email/send", scope: "email:send", body: sendEmailSchema, bodyLimit: SEND_BODY_LIMIT }),
  legacy({ method: "POST", path: "/api/email/send-templated", scope: "email:send", body: sendTemplatedSchema }),
  legacy({ method: "POST", path: "/api/email/batch", scope: "email:send", body: batchSendSchema, bodyLimit: BATCH_BODY_LIMIT }),
  legacy({ method: "POST", path: "/api/email/schedule", scope: "email:send", body: scheduleEmailSchema, bodyLimit: SEND_BODY_LIMIT }),
  legacy({ method: "GET", path: "/api/email/schedule", scope: "email:send", query: scheduleListQuerySchema }),
  legacy({ method: "DELETE", path: "/api/email/schedule/{id}", scope: "email:send", params: scheduledIdParamsSchema }),
  legacy({ method: "GET", path: "/api/inbound/domains", scope: "domains:read" }),
  legacy({ method: "POST", path: "/api/inbound/domains", scope: "domains:write", orgWide: true, body: createDomainSchema }),
  legacy({
    method: "PATCH",
    path: "/api/inbound/domains/{id}",
    scope: "domains:write",
    orgWide: true,
    params: domainIdParamsSchema,
    body: updateDomainSchema,
  }),
  legacy({ method: "DELETE", path: "/api/inbound/domains/{id}", scope: "domains:write", orgWide: true, params: domainIdParamsSchema }),
  legacy({ method: "GET", path: "/api/inbound/rules", scope: "inbox:read", query: pageSizeQuerySchema }),
  legacy({
    method: "POST",
    path: "/api/inbound/rules",
    scope: "org:write",
    permission: "inbound.manage",
    orgWide: true,
    body: createRuleSchema,
  }),
  legacy({
    method: "PUT",
    path: "/api/inbound/rules/{id}",
    scope: "org:write",
    permission: "inbound.manage",
    orgWide: true,
    params: ruleIdParamsSchema,
    body: updateRuleSchema,
  }),
  legacy({
    method: "DELETE",
    path: "/api/inbound/rules/{id}",
    scope: "org:write",
    permission: "inbound.manage",
    orgWide: true,
    params: ruleIdParamsSchema,
  }),
  legacy({ method: "POST", path: "/api/inbound/test", scope: "inbox:read", body: ruleTestSchema }),
  legacy({ method: "GET", path: "/api/messages", permission: "analytics.view", query: messageListQuerySchema }),
  legacy({
    method: "GET",
    path: "/api/messages/{id}/webhook-deliveries",
    permission: "webhooks.view",
    params: messageDeliveriesParamsSchema,
  }),
  legacy({ method: "GET", path: "/api/oauth-apps", permission: "keys.view" }),
  legacy({ method: "POST", path: "/api/oauth-apps", permission: "keys.manage", body: createAppSchema }),
  legacy({ method: "DELETE", path: "/api/oauth-apps/{id}", permission: "keys.manage", params: oauthIdParamsSchema }),
  legacy({ method: "GET", path: "/api/org/members", permission: "members.view" }),
  legacy({ method: "POST", path: "/api/org/members", permission: "members.manage", body: addMemberSchema }),
  legacy({
    method: "PATCH",
    path: "/api/org/members/{id}",
    permission: "members.manage",
    params: memberIdParamsSchema,
    body: updateMemberSchema,
  }),
  legacy({ method: "DELETE", path: "/api/org/members/{id}", permission: "members.manage", params: memberIdParamsSchema }),
  legacy({ method: "POST", path: "/api/org/members/{id}/password-reset", permission: "members.manage", params: memberIdParamsSchema }),
  legacy({ method: "GET", path: "/api/org/invitations", permission: "members.view" }),
  legacy({ method: "POST", path: "/api/org/invitations", permission: "members.manage", body: inviteMemberSchema }),
  legacy({ method: "DELETE", path: "/api/org/invitations/{id}", permission: "members.manage", params: invitationIdParamsSchema }),
  legacy({ method: "GET", path: "/api/projects", permission: "org.view" }),
  legacy({ method: "POST", path: "/api/projects", permission: "org.manage", body: createProjectSchema }),
  legacy({ method: "GET", path: "/api/providers", permission: "providers.view" }),
  legacy({ method: "POST", path: "/api/providers", permission: "providers.manage", body: createProviderSchema }),
  legacy({ method: "GET", path: "/api/providers/{id}", permission: "providers.view", params: providerIdParamsSchema }),
  legacy({
    method: "PUT",
    path: "/api/providers/{id}",
    permission: "providers.manage",
    params: providerIdParamsSchema,
    body: updateProviderSchema,
  }),
  legacy({ method: "DELETE", path: "/api/providers/{id}", permission: "providers.manage", params: providerIdParamsSchema }),
  legacy({ method: "GET", path: "/api/providers/{id}/status", permission: "providers.view", params: providerIdParamsSchema }),
  legacy({ method: "POST", path: "/api/providers/{id}/test", permission: "providers.manage", params: providerIdParamsSchema }),
  legacy({ method: "GET", path: "/api/safety/mode", permission: "org.view" }),
  legacy({ method: "PUT", path: "/api/safety/mode", body: setModeSchema }),
  legacy({ method: "GET", path: "/api/safety/test-lists", permission: "safety.configure" }),
  legacy({ method: "POST", path: "/api/safety/test-lists", permission: "safety.configure", body: createTestListSchema }),
  legacy({ method: "DELETE", path: "/api/safety/test-lists", permission: "safety.configure", query: testListIdQuerySchema }),
  legacy({
    method: "GET",
    path: "/api/webhook-endpoints/{id}/deliveries",
    permission: "webhooks.view",
    params: endpointIdParamsSchema,
    query: deliveriesQuerySchema,
  }),
  legacy({ method: "POST", path: "/api/webhook-endpoints/{id}/test", permission: "webhooks.manage", params: endpointIdParamsSchema }),
  legacy({
    method: "POST",
    path: "/api/webhook-endpoints/{id}/deliveries/{deliveryId}/resend",
    permission: "webhooks.manage",
    params: deliveryParamsSchema,
  }),
];

export const allRoutes: RouteEntry[] = [...v1Routes, ...legacyRoutes];

/** The routes with every DELETE last: requests that succeed in deleting the world's resources
 * would otherwise leave the routes after them only 404s to answer. */
export const deletesLast = (routes: RouteEntry[]): RouteEntry[] => [
  ...routes.filter((r) => r.method !== "DELETE"),
  ...routes.filter((r) => r.method === "DELETE"),
];

/** Routes with a protocol of their own: not legacyRoute/v1Route, covered by special.test.ts (or, for next-auth, by its own suite). */
export const specialRoutes: { path: string; methods: Method[]; covered: string }[] = [
  {
    path: "/api/{...path}",
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    covered: "special.test.ts: any unknown /api path answers 404 {error, code} with hostile paths",
  },
  {
    path: "/api/v1/{...path}",
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    covered: "special.test.ts: any unknown /api/v1 path answers 404 in the v1 shape",
  },
  { path: "/api/v1/openapi.json", methods: ["GET"], covered: "special.test.ts: public document; the v1 fuzz reads its operations from it" },
  { path: "/api/health", methods: ["GET"], covered: "special.test.ts: public, hostile query and headers change nothing" },
  {
    path: "/api/bench/floor",
    methods: ["GET"],
    covered: "special.test.ts: the benchmark's reference route answers 404 {error, code} unless the benchmark turned it on",
  },
  {
    path: "/api/health/live",
    methods: ["GET"],
    covered: "special.test.ts: public liveness, 200 {status: ok} whatever the query and headers",
  },
  {
    path: "/api/health/ready",
    methods: ["GET"],
    covered: "special.test.ts: public readiness, 200 {status: ready, database: ok} whatever the query and headers",
  },
  {
    path: "/api/inngest",
    methods: ["GET", "POST", "PUT"],
    covered: "special.test.ts: 404 {error} while Inngest is not configured (the test servers' state)",
  },
  {
    path: "/api/webhooks/providers/{providerId}",
    methods: ["POST"],
    covered: "special.test.ts: provider-signed; hostile bodies and ids answer 401/400/404 {error} and record nothing",
  },
  {
    path: "/api/inbound/providers/{providerId}",
    methods: ["POST"],
    covered: "special.test.ts: provider-signed; hostile bodies and ids answer 401/400/404 {error} and record nothing",
  },
  { path: "/api/oauth/token", methods: ["POST"], covered: "special.test.ts: RFC 6749 {error, error_description} for hostile grants" },
  { path: "/api/oauth/revoke", methods: ["POST"], covered: "special.test.ts: RFC 7009, hostile tokens answer 200 or an RFC 6749 error" },
  { path: "/api/oauth/register", methods: ["POST"], covered: "special.test.ts: RFC 7591 {error, error_description} for hostile metadata" },
  {
    path: "/api/oauth/authorize",
    methods: ["POST"],
    covered: "special.test.ts: the consent form; hostile parameters never 5xx, never a grant",
  },
  { path: "/api/internal/organizations", methods: ["GET"], covered: "special.test.ts: staff token only; v1 error shape" },
  { path: "/api/internal/organizations/{id}", methods: ["GET", "PATCH"], covered: "special.test.ts: staff token only; v1 error shape" },
  { path: "/api/internal/organizations/{id}/providers", methods: ["POST"], covered: "special.test.ts: staff token only; v1 error shape" },
  { path: "/api/internal/providers/{id}/status", methods: ["POST"], covered: "special.test.ts: staff token only; v1 error shape" },
  { path: "/api/internal/api-keys/{id}/rate-limit", methods: ["PUT"], covered: "special.test.ts: staff token only; v1 error shape" },
  { path: "/api/mcp", methods: ["GET", "POST", "DELETE"], covered: "special.test.ts: JSON-RPC errors for hostile envelopes; bearer only" },
  {
    path: "/api/auth/{...nextauth}",
    methods: ["GET", "POST"],
    covered:
      "special.test.ts: hostile sign-in posts never 5xx and never a session (next-auth's own responses; sign-in flows: tests/integration/sign-in.test.ts)",
  },
];
