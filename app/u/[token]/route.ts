// GET /u/{token} — the hosted unsubscribe page for one recipient of one message (asks first:
// opening it changes nothing). POST /u/{token} — unsubscribes: the page's button, or a mail
// client's RFC 8058 one-click request (body "List-Unsubscribe=One-Click"). A forged or altered
// token: 404.
import { verifyUnsubscribeToken } from "@/lib/unsubscribe/tokens";
import { unsubscribe } from "@/lib/unsubscribe/unsubscribe";
import { confirmPage, donePage, invalidPage } from "@/lib/unsubscribe/page";
import { hostedPageForm, hostedPageResponse as html } from "@/lib/http/hosted-page";
import { afterStart } from "@/lib/boot/after-start";

type Ctx = { params: Promise<{ token: string }> };

async function show(_req: Request, ctx: Ctx): Promise<Response> {
  const claim = verifyUnsubscribeToken((await ctx.params).token);
  return claim ? html(confirmPage(claim.recipient)) : html(invalidPage(), 404);
}

async function decide(req: Request, ctx: Ctx): Promise<Response> {
  const claim = verifyUnsubscribeToken((await ctx.params).token);
  if (!claim) return html(invalidPage(), 404);
  const form = await hostedPageForm(req);
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  // A POST is a decision: the mail client's one-click body, or the page's button.
  if (!oneClick && form.get("confirm") !== "yes") return html(confirmPage(claim.recipient), 400);
  if (!(await unsubscribe(claim, oneClick ? "one-click" : "page"))) return html(invalidPage(), 404);
  return html(donePage(claim.recipient));
}

export const GET = afterStart(show);
export const POST = afterStart(decide);
