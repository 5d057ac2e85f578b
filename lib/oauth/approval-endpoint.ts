// POST /api/oauth/authorize: the consent screen's form. The signed-in user approves or denies;
// the app is sent back with a code for what the user's role backs, or with the protocol's
// error (access_denied, or invalid_scope when the role backs none of what it asked for).
import type { NextRequest } from "next/server";
import { authenticateSession } from "@/lib/http/authenticate";
import { AppError } from "@/lib/errors/app-error";
import { assertSameOrigin } from "@/lib/http/same-origin";
import { approverOf, errorRedirect, readAuthorizationRequest } from "@/lib/oauth/authorization-request";
import { authorizeFor, errorResponse, readForm } from "@/lib/oauth/server";

const refuse = (status: number, error: string, description: string) =>
  Response.json({ error, error_description: description }, { status, headers: { "cache-control": "no-store" } });

export async function approvalEndpoint(req: NextRequest): Promise<Response> {
  try {
    const session = await authenticateSession(req);
    if (!session || session.kind !== "session") return refuse(401, "login_required", "Sign in to approve an app");
    assertSameOrigin(req);
    const { decision, granted: shown, approver: shownTo, ...params } = await readForm(req);
    if (decision !== "approve" && decision !== "deny") return refuse(400, "invalid_request", "decision must be approve or deny");
    const approver = { id: session.userId, orgId: session.orgId, role: session.role };
    if (shownTo !== undefined && shownTo !== approverOf(approver)) {
      return refuse(400, "invalid_request", "Since this page was shown, you have signed in as someone else; open the app's link again.");
    }
    const read = await readAuthorizationRequest(params, approver);
    if (read.outcome === "error") return refuse(400, read.appError?.error ?? "invalid_request", read.message);
    if (read.outcome === "redirect") return new Response(null, { status: 302, headers: { location: read.location } });
    let approved = read.params;
    if (decision === "approve" && shown !== undefined) {
      // The consent screen posts what it showed as granted: nothing beyond it is granted, even
      // if the user's role grew since the screen was drawn.
      const seen = new Set(shown.split(" "));
      const scope = read.granted.filter((s) => seen.has(s));
      if (!scope.length) {
        const location = errorRedirect(
          read.params.redirect_uri,
          "invalid_scope",
          "The approver's role allows none of the requested scopes",
          read.params.state,
        );
        return new Response(null, { status: 302, headers: { location } });
      }
      approved = { ...read.params, scope: scope.join(" ") };
    }
    return await authorizeFor(req, approved, approver, decision === "approve");
  } catch (err) {
    if (err instanceof AppError) return refuse(err.status, err.code.toLowerCase(), err.message);
    return errorResponse(err);
  }
}
