// Test data through the product's own functions and routes. Each test makes its own
// organization, so tests never depend on each other's rows.
import { randomBytes } from "node:crypto";
import { createOrganization } from "@/lib/orgs/create-organization";
import type { Role } from "@/lib/auth/permissions";
import { call } from "./http";
import { signInOrThrow } from "./sign-in";
import { currentCode } from "@/lib/two-factor/totp";

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

/** Turns two-factor on for the signed-in user through the product's routes (enroll, then
 * enable with a current code), which leaves them with a fresh second factor for ten minutes. */
export async function freshSecondFactor(cookie: string): Promise<{ secret: string }> {
  const setup = await call("/api/account/two-factor/setup", { cookie, method: "POST" });
  if (setup.status !== 200) throw new Error(`two-factor setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const { secret } = setup.body as { secret: string };
  const on = await call("/api/account/two-factor/enable", { cookie, body: { code: currentCode(secret) } });
  if (on.status !== 200) throw new Error(`two-factor enable failed: ${on.status} ${JSON.stringify(on.body)}`);
  return { secret };
}
