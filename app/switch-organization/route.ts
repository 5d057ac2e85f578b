// POST /switch-organization — the no-script pages' way to open another of the signed-in user's
// organizations (the invitation page's "Open …" button, form field orgId): the session moves
// there as with POST /api/account/organization, then 303 to the dashboard. Refused cross-site;
// not signed in, or not a member there: one 404 page and nothing changes.
import type { NextRequest } from "next/server";
import { z } from "zod";
import { authenticateSession } from "@/lib/http/authenticate";
import { assertSameOrigin } from "@/lib/http/same-origin";
import { hostedPage, hostedPageForm, hostedPageResponse as html } from "@/lib/http/hosted-page";
import { switchOrganization } from "@/lib/orgs/my-organizations";
import { AppError } from "@/lib/errors/app-error";
import { afterStart } from "@/lib/boot/after-start";

const notThere = () =>
  html(
    hostedPage(
      "Not found",
      `<h1>This organization cannot be opened</h1><p>Sign in with an account that is a member of it.</p><p><a href="/sign-in">Sign in</a></p>`,
    ),
    404,
  );

async function open(req: NextRequest): Promise<Response> {
  try {
    assertSameOrigin(req);
  } catch {
    return html(hostedPage("Refused", `<h1>Cross-site request refused</h1>`), 403);
  }
  const session = await authenticateSession(req);
  const orgId = z
    .string()
    .uuid()
    .safeParse((await hostedPageForm(req)).get("orgId"));
  if (!session || session.kind !== "session" || !orgId.success) return notThere();
  try {
    await switchOrganization(req, { userId: session.userId, orgId: orgId.data });
  } catch (err) {
    if (err instanceof AppError && err.code === "NOT_FOUND") return notThere();
    throw err;
  }
  return new Response(null, { status: 303, headers: { Location: "/", "cache-control": "no-store" } });
}

export const POST = afterStart(open);
