// GET /t/c/{token} — a tracked link: records email.clicked and redirects to the URL the token
// was signed for, and only there (no open redirect). A forged or altered token, or a host that
// is neither the instance's nor the token's own verified tracking host
// (lib/tracking/tracking-hosts.ts): 404, nothing recorded.
import { verifyTrackingToken } from "@/lib/tracking/tokens";
import { recordInteraction, traitsOf } from "@/lib/tracking/record-interaction";
import { afterStart } from "@/lib/boot/after-start";
import { servesTracking } from "@/lib/tracking/tracking-hosts";

async function click(req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  const claim = verifyTrackingToken((await ctx.params).token, "c");
  if (!claim?.url || !/^https?:\/\//i.test(claim.url) || !(await servesTracking(req.headers, claim.host))) {
    return new Response("This link is not valid.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  await recordInteraction(claim, traitsOf(req));
  return new Response(null, {
    status: 302,
    headers: { location: claim.url, "cache-control": "no-store", "referrer-policy": "no-referrer" },
  });
}

export const GET = afterStart(click);
export const HEAD = GET;
