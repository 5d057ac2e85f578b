// The organizations a signed-in person belongs to, and the switch between them: the session
// cookie is issued again naming the chosen organization. Only a membership the user holds can
// be chosen; anything else is one 404 and changes nothing. Every request still re-reads the
// membership of the session's organization (lib/auth/session-member.ts), so a session naming
// an organization the user was removed from grants nothing there.
import type { NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { getAuthSecret } from "@/lib/config/secrets";
import { findMembership } from "@/lib/members/find-membership";
import { setSessionToken } from "@/lib/auth/session-cookie";
import type { Role } from "@/lib/auth/permissions";
import type { MyOrganization } from "@/lib/orgs/schemas";

/** The user's memberships, first joined first; `current` marks the session's organization. */
export async function listMyOrganizations({ userId, currentOrgId }: { userId: string; currentOrgId: string }): Promise<MyOrganization[]> {
  const rows = await db().membership.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { organization: { select: { name: true } } },
  });
  return rows.map((m) => ({ id: m.orgId, name: m.organization.name, role: m.role as Role, current: m.orgId === currentOrgId }));
}

/** Moves this request's session to `orgId` (one of the user's organizations) and remembers it
 * as the one sign-in opens next time. */
export async function switchOrganization(req: NextRequest, { userId, orgId }: { userId: string; orgId: string }): Promise<MyOrganization> {
  const token = await getToken({ req, secret: getAuthSecret() });
  const membership = await findMembership({ orgId, userId });
  if (!token || token.uid !== userId || !membership || membership.sessionVersion !== (token.sv ?? 0)) throw notFound("Organization");
  const org = await db().organization.findUniqueOrThrow({ where: { id: orgId }, select: { name: true } });
  await db().user.update({ where: { id: userId }, data: { lastOrgId: orgId } });
  await setSessionToken({ ...token, orgId });
  return { id: orgId, name: org.name, role: membership.role, current: true };
}
