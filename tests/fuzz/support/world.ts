// An organization with one of everything, made through the product's own routes: every path
// id a route takes names a real resource, so generated requests reach the handlers' logic and
// not only the validators. Credentials of every kind go with it. Spare resources are the
// ones path ids point at (a member, a key, an app connection), never the credentials in use.
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { db } from "@/lib/db/client";
import { APP_SCOPES } from "@/lib/oauth/scopes";
import { call, type CallResult } from "../../helpers/http";
import { addMemberAs, createKey, newOrg } from "../../helpers/factory";
import { postmarkInboundProvider, receive } from "../../helpers/inbound-post";
import { connectApp } from "../../helpers/oauth-app";
import type { Role } from "@/lib/auth/permissions";

const hex = (n = 4) => randomBytes(n).toString("hex");

/** A test-list address of the organization: sends to it go out in test mode. */
export const TEST_ADDRESS = "fuzz-inbox@example.test";

export type Kind =
  | "project"
  | "apiKey"
  | "member"
  | "provider"
  | "inboundProvider"
  | "testList"
  | "endpoint"
  | "delivery"
  | "template"
  | "scheduled"
  | "message"
  | "inboundMessage"
  | "attachment"
  | "domain"
  | "inboundDomain"
  | "rule"
  | "useCase"
  | "suppression"
  | "contact"
  | "property"
  | "list"
  | "import"
  | "sender"
  | "campaign"
  | "sequence"
  | "enrolment"
  | "oauthApp"
  | "grant"
  | "invitation";

export interface OrgWorld {
  orgId: string;
  ownerUserId: string;
  cookies: Record<Role, string>;
  keys: {
    /** Full access, organization-wide. */
    star: string;
    /** Full access, bound to the organization's second project. */
    bound: string;
    revoked: string;
    /** Two narrow keys: whichever lacks a route's scope stands for "a key without the scope". */
    narrowA: { key: string; scope: string };
    narrowB: { key: string; scope: string };
  };
  /** App access tokens (owner: every scope; viewer: narrowed to the viewer role's). */
  oauth: { owner: () => Promise<string>; viewer: () => Promise<string> };
  ids: Record<Kind, string>;
}

function must<T = any>(res: CallResult<T>, status: number, what: string): T {
  if (res.status !== status) throw new Error(`world: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Raises a key's request rate through the staff API, so a fuzz run is not cut short by 429s. */
async function raiseRate(keyId: string): Promise<void> {
  const token = inject("serverEnv").STAFF_API_TOKEN;
  must(
    await call(`/api/internal/api-keys/${keyId}/rate-limit`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}` },
      body: { rateLimitPerMinute: 100_000 },
    }),
    200,
    "raise key rate",
  );
}

async function fastKey(cookie: string, scopes: string[], extra: Record<string, unknown> = {}) {
  const k = await createKey(cookie, scopes, extra);
  await raiseRate(k.id);
  return k;
}

/** App tokens are limited like keys (60 a minute per connection) and cannot be raised: a fresh
 * connection every 25 uses (a caller may send each request twice, with a control request). */
function tokenPool(cookie: string, scope: string): () => Promise<string> {
  let token = "";
  let uses = 0;
  return async () => {
    if (!token || uses >= 25) {
      token = (await connectApp(cookie, scope)).tokens.access_token;
      uses = 0;
    }
    uses++;
    return token;
  };
}

export async function buildWorld(): Promise<OrgWorld> {
  const owner = await newOrg(`Fuzz ${hex()}`);
  const cookie = owner.cookie;
  const orgId = owner.org.id;
  const [admin, member, viewer, spare] = [
    await addMemberAs(cookie, "admin"),
    await addMemberAs(cookie, "member"),
    await addMemberAs(cookie, "viewer"),
    await addMemberAs(cookie, "member"),
  ];
  const ids = {} as Record<Kind, string>;
  const post = (path: string, body: unknown, status = 201) => call(path, { cookie, body }).then((r) => must(r, status, `POST ${path}`));

  ids.project = (await post("/api/projects", { name: `Second ${hex()}` })).id;
  ids.member = spare.member.id;
  ids.apiKey = (await createKey(cookie, ["org:read"])).id;

  const star = await fastKey(cookie, ["*"]);
  const bound = await fastKey(cookie, ["*"], { projectId: ids.project });
  const narrowA = await fastKey(cookie, ["use-cases:read"]);
  const narrowB = await fastKey(cookie, ["org:read"]);
  const revoked = await createKey(cookie, ["*"]);
  must(await call(`/api/api-keys/${revoked.id}`, { method: "DELETE", cookie }), 200, "revoke key");

  // Providers stay inactive: sends use the built-in demo provider, which never fails.
  ids.provider = (
    await post("/api/providers", {
      name: `smtp ${hex()}`,
      type: "smtp",
      isActive: false,
      config: { host: "127.0.0.1", port: 9, secure: false },
    })
  ).id;
  const inbound = await postmarkInboundProvider(cookie, { isActive: false });
  ids.inboundProvider = inbound.id;

  ids.testList = (await post("/api/safety/test-lists", { name: `List ${hex()}`, emails: [TEST_ADDRESS, "fuzz-two@example.test"] })).list.id;
  ids.endpoint = (await post("/api/v1/webhook-endpoints", { url: "http://127.0.0.1:9/hook", events: ["email.sent"] })).data.id;
  await call(`/api/webhook-endpoints/${ids.endpoint}/test`, { cookie, method: "POST" });
  ids.delivery = (await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: ids.endpoint } })).id;

  ids.template = (
    await post("/api/v1/templates", { name: `Welcome ${hex()}`, subject: "Hi {{name}}", html: "<p>Hello {{name}}</p>" })
  ).data.id;
  ids.scheduled = (
    await post(
      "/api/email/schedule",
      { to: TEST_ADDRESS, subject: "Later", text: "x", scheduledFor: new Date(Date.now() + 7 * 86_400_000).toISOString() },
      200,
    )
  ).id;
  ids.message = (await post("/api/v1/email/send", { to: TEST_ADDRESS, subject: "Hello", text: "Hi there" }, 200)).data.id;

  ids.inboundMessage = await receive(inbound, {
    from: { email: "alice@example.com", name: "Alice" },
    to: [{ email: "support@acme.test" }],
    subject: "Question",
    text: "Hello",
    attachments: [{ Name: "a.txt", Content: Buffer.from("hi").toString("base64"), ContentType: "text/plain" }],
  });
  ids.attachment = (await db().inboundAttachment.findFirstOrThrow({ where: { inboundMessageId: ids.inboundMessage } })).id;

  ids.domain = (await post("/api/v1/domains", { name: `mail-${hex()}.example.test` })).data.id;
  ids.inboundDomain = (await post("/api/inbound/domains", { name: `in-${hex()}.example.test` })).id;
  ids.rule = (
    await post(
      "/api/inbound/rules",
      {
        name: `rule ${hex()}`,
        conditions: [{ field: "subject", operator: "contains", value: "nothing-matches-this" }],
        actions: [{ type: "store" }],
      },
      200,
    )
  ).id;
  ids.useCase = (await post("/api/v1/use-cases", { name: `Use ${hex()}` })).data.id;
  ids.suppression = (await post("/api/v1/suppressions", { email: `blocked-${hex()}@example.test` })).data.email;
  ids.contact = (await post("/api/v1/contacts", { email: `contact-${hex()}@example.test`, name: "Ann" })).data.id;
  ids.property = (await post("/api/v1/contacts/properties", { key: `plan_${hex()}`, type: "string" })).data.key;
  ids.list = (await post("/api/v1/lists", { name: `List ${hex()}` })).data.id;
  must(await call(`/api/v1/lists/${ids.list}/members`, { cookie, body: { contactIds: [ids.contact] } }), 200, "add list member");
  const imported = await call("/api/v1/contacts/import", {
    cookie,
    method: "POST",
    raw: `email,name\nimported-${hex()}@example.test,Imp\n`,
    headers: { "content-type": "text/csv" },
  });
  ids.import = must(imported, imported.status === 201 ? 201 : 200, "import contacts").data.id;
  ids.sender = (
    await db().sender.create({ data: { orgId, email: `sender-${hex()}@example.test`, name: "Sender", confirmedAt: new Date() } })
  ).id;
  ids.campaign = (
    await post("/api/v1/campaigns", {
      name: `Campaign ${hex()}`,
      listId: ids.list,
      senderId: ids.sender,
      subject: "News",
      html: "<p>News</p>",
    })
  ).data.id;
  ids.sequence = (
    await post("/api/v1/sequences", { name: `Seq ${hex()}`, steps: [{ delaySeconds: 86_400, templateId: ids.template }] })
  ).data.id;
  const enrolled = await call(`/api/v1/sequences/${ids.sequence}/enrolments`, { cookie, body: { contactIds: [ids.contact] } });
  if (enrolled.status >= 300) throw new Error(`world: enrol answered ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
  ids.enrolment = (await db().sequenceEnrolment.findFirstOrThrow({ where: { sequenceId: ids.sequence } })).id;
  // A pending invitation, written directly: inviting mails a link, and this server has no system mail transport.
  ids.invitation = (
    await db().accountLink.create({
      data: {
        kind: "invitation",
        orgId,
        email: `invited-${hex()}@example.test`,
        role: "viewer",
        createdBy: owner.user.id,
        tokenHash: randomBytes(32).toString("hex"),
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      },
    })
  ).id;

  ids.oauthApp = (
    await post("/api/oauth-apps", { name: `App ${hex()}`, redirectUris: ["http://127.0.0.1:5999/callback"], scopes: ["org:read"] })
  ).id;
  const spareConnection = await connectApp(cookie, "org:read");
  ids.grant = (await db().oAuthGrant.findFirstOrThrow({ where: { orgId, client: { clientId: spareConnection.client.client_id } } })).id;

  // A domain added through the inbound routes gets its DKIM key on first read (lazily, by
  // design): read once here, so that later reads change nothing.
  must(await call("/api/v1/domains", { cookie }), 200, "list domains");

  const allScopes = APP_SCOPES.join(" ");
  return {
    orgId,
    ownerUserId: owner.user.id,
    cookies: { owner: cookie, admin: admin.cookie, member: member.cookie, viewer: viewer.cookie },
    keys: {
      star: star.key,
      bound: bound.key,
      revoked: revoked.key,
      narrowA: { key: narrowA.key, scope: "use-cases:read" },
      narrowB: { key: narrowB.key, scope: "org:read" },
    },
    oauth: { owner: tokenPool(cookie, allScopes), viewer: tokenPool(viewer.cookie, allScopes) },
    ids,
  };
}

/** Which resource a path parameter names, by the route's path and the parameter's name. */
export function kindOf(path: string, param: string): Kind {
  const table: [RegExp, string, Kind][] = [
    [/^\/api\/v1\/analytics\/messages\//, "messageId", "message"],
    [/^\/api\/v1\/email\/messages\//, "messageId", "message"],
    [/^\/api\/analytics\/stats\//, "emailId", "message"],
    [/^\/api\/messages\//, "id", "message"],
    [/^\/api\/(v1\/)?email\/schedul/, "id", "scheduled"],
    [/^\/api\/(v1\/)?webhook-endpoints\//, "id", "endpoint"],
    [/^\/api\/webhook-endpoints\//, "deliveryId", "delivery"],
    [/^\/api\/v1\/templates\//, "id", "template"],
    [/^\/api\/v1\/inbox\/messages\//, "id", "inboundMessage"],
    [/^\/api\/v1\/inbox\/messages\//, "attachmentId", "attachment"],
    [/^\/api\/v1\/suppressions\//, "email", "suppression"],
    [/^\/api\/v1\/use-cases\//, "id", "useCase"],
    [/^\/api\/v1\/domains\//, "id", "domain"],
    [/^\/api\/v1\/senders\//, "id", "sender"],
    [/^\/api\/v1\/sequences\//, "id", "sequence"],
    [/^\/api\/v1\/sequences\//, "enrolmentId", "enrolment"],
    [/^\/api\/v1\/contacts\/properties\//, "key", "property"],
    [/^\/api\/v1\/contacts\/imports\//, "id", "import"],
    [/^\/api\/v1\/contacts\//, "id", "contact"],
    [/^\/api\/v1\/lists\//, "id", "list"],
    [/^\/api\/v1\/lists\//, "contactId", "contact"],
    [/^\/api\/v1\/campaigns\//, "id", "campaign"],
    [/^\/api\/api-keys\//, "id", "apiKey"],
    [/^\/api\/connected-apps\//, "id", "grant"],
    [/^\/api\/inbound\/domains\//, "id", "inboundDomain"],
    [/^\/api\/inbound\/rules\//, "id", "rule"],
    [/^\/api\/oauth-apps\//, "id", "oauthApp"],
    [/^\/api\/org\/members\//, "id", "member"],
    [/^\/api\/org\/invitations\//, "id", "invitation"],
    [/^\/api\/providers\//, "id", "provider"],
  ];
  const found = table.find(([re, name]) => re.test(path) && name === param);
  if (!found) throw new Error(`no resource kind for {${param}} in ${path}`);
  return found[2];
}

/** The path's placeholders. */
export const placeholders = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** The path with each placeholder replaced by the given (already encoded) segment. */
export const fillPath = (path: string, values: Record<string, string>): string =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name]);

/** The path with every placeholder naming this world's resource. */
export function ownPath(world: OrgWorld, path: string): string {
  return fillPath(path, Object.fromEntries(placeholders(path).map((p) => [p, encodeURIComponent(world.ids[kindOf(path, p)])])));
}

/** Ids of a world's resources, for "is another organization's data in this answer" checks. */
export const resourceIds = (world: OrgWorld): string[] => [world.orgId, world.ownerUserId, ...Object.values(world.ids)];
