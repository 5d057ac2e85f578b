// GET /senders/confirm/{token} — the page a sender confirmation email links to: asks first
// (opening it changes nothing, as link scanners open links). POST /senders/confirm/{token} —
// the page's Confirm button: the sender is confirmed. Forged, altered, expired, or for a
// deleted sender: 404.
import { verifyConfirmationToken } from "@/lib/senders/confirmation-token";
import { confirmSender, findSenderToConfirm } from "@/lib/senders/confirm-sender";
import { confirmPage, confirmedPage, invalidPage } from "@/lib/senders/confirm-page";
import { hostedPageForm, hostedPageResponse as html } from "@/lib/http/hosted-page";
import { afterStart } from "@/lib/boot/after-start";

type Ctx = { params: Promise<{ token: string }> };

async function senderFor(ctx: Ctx) {
  const claim = verifyConfirmationToken((await ctx.params).token);
  const sender = claim ? await findSenderToConfirm(claim) : null;
  return claim && sender ? { claim, sender } : null;
}

async function show(_req: Request, ctx: Ctx): Promise<Response> {
  const found = await senderFor(ctx);
  if (!found) return html(invalidPage(), 404);
  return html(found.sender.confirmed ? confirmedPage(found.sender) : confirmPage(found.sender));
}

async function decide(req: Request, ctx: Ctx): Promise<Response> {
  const found = await senderFor(ctx);
  if (!found) return html(invalidPage(), 404);
  const form = await hostedPageForm(req);
  // A POST is a decision only with the button's value.
  if (form.get("confirm") !== "yes") return html(confirmPage(found.sender), 400);
  if (!(await confirmSender(found.claim))) return html(invalidPage(), 404);
  return html(confirmedPage(found.sender));
}

export const GET = afterStart(show);
export const POST = afterStart(decide);
