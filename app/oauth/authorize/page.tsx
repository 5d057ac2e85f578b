// GET /oauth/authorize — the consent screen an app sends a user to (OAuth 2.1 authorization
// endpoint; docs/oauth.md). Approve and Deny post to /api/oauth/authorize.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { readAuthorizationRequest } from "@/lib/oauth/authorization-request";
import { ConsentScreen } from "@/components/oauth/consent-screen";
import { AuthorizeError } from "@/components/oauth/authorize-error";

export const metadata: Metadata = { title: "Connect an app", robots: { index: false } };
export const dynamic = "force-dynamic";

type Query = Record<string, string | string[] | undefined>;

function queryString(query: Query): string {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
  }
  return out.toString();
}

export default async function AuthorizePage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const qs = queryString(query);
  const user = await requireUser(`/oauth/authorize${qs ? `?${qs}` : ""}`);
  // RFC 6749 §3.1: a parameter sent twice makes the request invalid; which one was meant is unknowable.
  const repeated = Object.entries(query).find(([, value]) => Array.isArray(value));
  if (repeated) return <AuthorizeError message={`The link repeats the parameter “${repeated[0]}”, so it can't be read.`} />;

  const params = Object.fromEntries(Object.entries(query).map(([name, value]) => [name, value as string | undefined]));
  const read = await readAuthorizationRequest(params, { id: user.id, orgId: user.orgId, role: user.role });
  if (read.outcome === "error") return <AuthorizeError message={read.message} appError={read.appError} />;
  // Mistakes an organization's own app can be told about go back to it, as the protocol says.
  if (read.outcome === "redirect") redirect(read.location);
  return <ConsentScreen consent={read} user={{ email: user.email, role: user.role }} />;
}
