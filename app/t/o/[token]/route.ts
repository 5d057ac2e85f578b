// GET /t/o/{token} — the open-tracking pixel: a 1x1 transparent GIF; a genuine token records
// email.opened. A forged or altered token, or a host that is neither the instance's nor the
// token's own verified tracking host (lib/tracking/tracking-hosts.ts), records nothing (404).
import { verifyTrackingToken } from "@/lib/tracking/tokens";
import { recordInteraction, traitsOf } from "@/lib/tracking/record-interaction";
import { afterStart } from "@/lib/boot/after-start";
import { servesTracking } from "@/lib/tracking/tracking-hosts";

const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

async function pixel(req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  const claim = verifyTrackingToken((await ctx.params).token, "o");
  if (!claim || !(await servesTracking(req.headers, claim.host)))
    return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  await recordInteraction(claim, traitsOf(req));
  return new Response(req.method === "HEAD" ? null : PIXEL, {
    headers: {
      "content-type": "image/gif",
      "cache-control": "no-store, no-cache, must-revalidate, private",
      "content-length": String(PIXEL.length),
    },
  });
}

export const GET = afterStart(pixel);
export const HEAD = GET;
