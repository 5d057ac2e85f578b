// Test data through the product's own functions and routes. Each test makes its own
// organization, so tests never depend on each other's rows.
import { randomBytes } from "node:crypto";
import { createOrganization } from "@/lib/orgs/create-organization";
import type { Role } from "@/lib/auth/permissions";
import { call } from "./http";
import { signInOrThrow } from "./sign-in";

const unique = () => randomBytes(4).toString("hex");
export { PASSWORD } from "./test-secrets";
import { PASSWORD } from "./test-secrets";

export async function newOrg(name = `Org ${unique()}`) {
  const email = `owner-${unique()}@example.test`;
  const { org, project, user } = await createOrganization({ name, owner: { email, password: PASSWORD } });
  const cookie = await signInOrThrow(email, PASSWORD);
  return { org, project, user, email, cookie };
}

export async function addMemberAs(ownerCookie: string, role: Role) {
  const email = `${role}-${unique()}@example.test`;
  const res = await call("/api/org/members", { cookie: ownerCookie, body: { email, name: role, role, password: PASSWORD } });
  if (res.status !== 201) throw new Error(`addMember failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = await signInOrThrow(email, PASSWORD);
  return { member: res.body as { id: string; userId: string; email: string; role: string }, email, cookie };
}

export async function createKey(cookie: string, scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await call("/api/api-keys", { cookie, body: { name: `key ${unique()}`, scopes, ...extra } });
  if (res.status !== 201) throw new Error(`createKey failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; key: string; prefix: string; scopes: string[]; projectId: string | null };
}
