// GET /invite/{token} — the page an invitation email links to: the invitee's address and a form
// to choose a password (opening it changes nothing). POST /invite/{token} — the form: the
// account is made and the link used up. Unknown, used or expired links: one 404 page.
import { findUsableLink } from "@/lib/account-links/account-link";
import { acceptInvitation } from "@/lib/account-links/accept-invitation";
import { choosePasswordSchema } from "@/lib/account-links/schemas";
import { choosePasswordPage, linkInvalidPage, passwordSetPage } from "@/lib/account-links/link-pages";
import { hostedPageForm, hostedPageResponse as html } from "@/lib/http/hosted-page";
import { afterStart } from "@/lib/boot/after-start";

type Ctx = { params: Promise<{ token: string }> };

const form = (link: { email: string; organization: { name: string } }, extra: { name?: string; error?: string } = {}) =>
  choosePasswordPage({ title: `Join ${link.organization.name}`, intro: `You are invited to ${link.organization.name} on Mailroom. Choose the password you will sign in with.`, email: link.email, askName: true, ...extra });

async function show(_req: Request, ctx: Ctx): Promise<Response> {
  const link = await findUsableLink("invitation", (await ctx.params).token);
  return link ? html(form(link, { name: link.name })) : html(linkInvalidPage(), 404);
}

async function accept(req: Request, ctx: Ctx): Promise<Response> {
  const link = await findUsableLink("invitation", (await ctx.params).token);
  if (!link) return html(linkInvalidPage(), 404);
  const parsed = choosePasswordSchema.safeParse(Object.fromEntries(await hostedPageForm(req, 4_000)));
  if (!parsed.success) return html(form(link, { error: `The password: ${parsed.error.issues[0].message}.` }), 400);
  if (!(await acceptInvitation(link, { name: parsed.data.name ?? link.name, password: parsed.data.password }))) return html(linkInvalidPage(), 404);
  return html(passwordSetPage({ title: "Welcome", text: `Your account ${link.email} is ready. Sign in with your new password.` }));
}

export const GET = afterStart(show);
export const POST = afterStart(accept);
