// A session token is honoured only while its user is still a member of its organization
// and has not signed out since it was issued (the session version moves on at sign-out).
import type { JWT } from "next-auth/jwt";
import { findMembership } from "@/lib/members/find-membership";

export async function memberOfToken(token: JWT | null) {
  if (!token?.uid || !token.orgId) return null;
  const m = await findMembership({ orgId: token.orgId, userId: token.uid });
  if (!m || m.sessionVersion !== (token.sv ?? 0)) return null;
  return m;
}
