// A seed corpus: known-good bodies for the routes whose schemas are too intricate to hit by
// sampling (cross-field rules, the inbound rule language, domain names), naming the world's
// resources. Generated bodies start from these as often as from the schema, so hostile
// mutations of one field reach the handlers' logic with every other field valid.
import { randomBytes } from "node:crypto";
import type { RouteEntry } from "./catalogue";
import { TEST_ADDRESS, type OrgWorld } from "./world";

const hex = () => randomBytes(3).toString("hex");
const soon = () => new Date(Date.now() + 3 * 86_400_000).toISOString();
const rule = () => ({
  name: `rule ${hex()}`,
  priority: 5,
  conditions: [
    { field: "subject", operator: "contains", value: "invoice" },
    {
      any: [
        { field: "from", operator: "ends_with", value: "@example.com" },
        { field: "size", operator: "gt", value: 10 },
      ],
    },
  ],
  actions: [{ type: "tag", tags: ["billing"] }, { type: "store" }],
  metadata: { owner: "ops" },
});

export function examplesFor(route: RouteEntry, w: OrgWorld): unknown[] {
  const send = [
    { to: TEST_ADDRESS, subject: "Hello", text: "Hi there" },
    {
      to: [TEST_ADDRESS],
      cc: ["fuzz-two@example.test"],
      subject: "Hello",
      html: "<p>Hi</p>",
      fromName: "Fuzz",
      replyTo: TEST_ADDRESS,
      metadata: { order: 42 },
      headers: { "X-Campaign": "spring" },
    },
    { to: TEST_ADDRESS, templateId: w.ids.template, templateVersion: 1, variables: { name: "Ada" } },
    {
      to: TEST_ADDRESS,
      subject: "File",
      text: "x",
      attachments: [{ filename: "a.txt", content: Buffer.from("hello").toString("base64"), contentType: "text/plain" }],
    },
  ];
  const examples: Record<string, unknown[]> = {
    "POST /api/v1/email/send": [...send, { to: TEST_ADDRESS, subject: "Later", text: "x", scheduledAt: soon(), maxRetries: 2 }],
    "PATCH /api/v1/email/scheduled/{id}": [{ subject: "Changed" }, { scheduledAt: "in 2 hours", text: "Later still", cc: null }],
    "POST /api/email/send": send,
    "POST /api/email/schedule": send.map((s) => ({ ...s, scheduledFor: soon() })),
    "POST /api/v1/email/send-templated": [
      { templateId: w.ids.template, templateVersion: 1, recipients: [TEST_ADDRESS], variables: { name: "Ada" } },
    ],
    "POST /api/email/send-templated": [
      { templateId: w.ids.template, recipients: [TEST_ADDRESS, "fuzz-two@example.test"], variables: { name: "Ada" } },
    ],
    "POST /api/v1/campaigns": [
      { name: `Campaign ${hex()}`, listId: w.ids.list, senderId: w.ids.sender, subject: "News", html: "<p>News {{name}}</p>" },
      { name: `Campaign ${hex()}`, listId: w.ids.list, senderId: w.ids.sender, templateId: w.ids.template, templateVersion: 1 },
    ],
    "PATCH /api/v1/campaigns/{id}": [{ name: `Renamed ${hex()}` }, { subject: "Other", html: "<p>x</p>" }],
    "POST /api/v1/campaigns/{id}/schedule": [{ scheduledAt: soon() }],
    "POST /api/v1/sequences": [
      { name: `Seq ${hex()}`, steps: [{ delaySeconds: 3_600, templateId: w.ids.template }], triggerListId: w.ids.list },
    ],
    "PATCH /api/v1/sequences/{id}": [
      { name: `Seq ${hex()}` },
      { status: "paused" },
      { steps: [{ delaySeconds: 60, templateId: w.ids.template }] },
    ],
    "POST /api/v1/sequences/{id}/enrolments": [{ contactIds: [w.ids.contact] }, { emails: ["nobody@example.test"] }],
    "POST /api/v1/lists/{id}/members": [{ contactIds: [w.ids.contact] }, { emails: [`member-${hex()}@example.test`] }],
    "POST /api/v1/domains": [{ name: `fuzz-${hex()}.example.test` }, { name: `in-${hex()}.example.test`, inbound: true }],
    "POST /api/inbound/domains": [{ name: `fuzz-${hex()}.example.test` }, { name: `x-${hex()}.example.test`, inboundEnabled: false }],
    "POST /api/inbound/rules": [rule()],
    "PUT /api/inbound/rules/{id}": [rule(), { isEnabled: false }, { actions: [{ type: "drop" }] }],
    "POST /api/inbound/test": [
      { from: "alice@example.com", to: "support@acme.test", subject: "invoice 42", body: "hello", headers: { "X-Spam": "no" } },
    ],
    "POST /api/providers": [
      { name: `smtp ${hex()}`, type: "smtp", isActive: false, config: { host: "127.0.0.1", port: 9, secure: false } },
    ],
    "PUT /api/providers/{id}": [{ name: `smtp ${hex()}` }, { priority: 3, rateLimitPerMinute: 10 }],
    "POST /api/v1/webhook-endpoints": [
      { url: "https://hooks.example.test/in", events: ["email.sent", "email.bounced"], description: "fuzz" },
    ],
    "PATCH /api/v1/webhook-endpoints/{id}": [{ description: "changed" }, { events: ["*"] }],
    "POST /api/v1/templates": [
      {
        name: `T ${hex()}`,
        subject: "Hi {{name}}",
        html: "<p>{{name}}</p>",
        variables: [{ name: "name", required: false, default: "you" }],
      },
    ],
    "PATCH /api/v1/templates/{id}": [{ subject: "Hello {{name}}" }, { html: null, text: "plain {{name}}" }],
    "POST /api/v1/templates/{id}/preview": [{ variables: { name: "Ada" }, version: 1 }],
    "POST /api/v1/inbox/messages/{id}/reply": [{ text: "Thanks" }, { html: "<p>Thanks</p>", replyAll: true }],
    "POST /api/api-keys": [
      { name: `k ${hex()}`, scopes: ["org:read"] },
      { name: `k ${hex()}`, scopes: ["email:send"], projectId: w.ids.project },
    ],
    "POST /api/oauth-apps": [{ name: `App ${hex()}`, redirectUris: ["http://127.0.0.1:5999/callback"], scopes: ["org:read"] }],
    "POST /api/org/members": [{ email: `new-${hex()}@example.test`, name: "New", role: "viewer", password: "long-password-123" }],
    "POST /api/safety/test-lists": [{ name: `List ${hex()}`, emails: [`t-${hex()}@example.test`] }],
    "POST /api/v1/contacts": [{ email: `c-${hex()}@example.test`, name: "Cee" }],
    "PATCH /api/v1/contacts/{id}": [{ name: "Renamed" }, { subscriptionStatus: "unsubscribed" }],
    "POST /api/analytics/track": [{ emailId: w.ids.message, type: "email.opened", recipient: TEST_ADDRESS }],
  };
  return examples[`${route.method} ${route.path}`] ?? [];
}
