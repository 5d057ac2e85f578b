// GET /reset-password/{token} — the page a password-reset email links to: a form to choose a
// new password (opening it changes nothing). POST /reset-password/{token} — the form: the
// password is set, every session of the account ends, the link is used up. Unknown, used or
// expired links: one 404 page.
import { findUsableLink } from "@/lib/account-links/account-link";
import { completePasswordReset } from "@/lib/account-links/reset-password";
import { choosePasswordSchema } from "@/lib/account-links/schemas";
import { choosePasswordPage, linkInvalidPage, passwordSetPage } from "@/lib/account-links/link-pages";
import { hostedPageForm, hostedPageResponse as html } from "@/lib/http/hosted-page";
import { afterStart } from "@/lib/boot/after-start";

type Ctx = { params: Promise<{ token: string }> };

const form = (link: { email: string }, error?: string) =>
  choosePasswordPage({
    title: "Choose a new password",
    intro: "Choose the password you will sign in with from now on. Every place you are signed in will be signed out.",
    email: link.email,
    error,
  });

async function show(_req: Request, ctx: Ctx): Promise<Response> {
  const link = await findUsableLink("password_reset", (await ctx.params).token);
  return link ? html(form(link)) : html(linkInvalidPage(), 404);
}

async function reset(req: Request, ctx: Ctx): Promise<Response> {
  const link = await findUsableLink("password_reset", (await ctx.params).token);
  if (!link) return html(linkInvalidPage(), 404);
  const parsed = choosePasswordSchema.safeParse(Object.fromEntries(await hostedPageForm(req, 4_000)));
  if (!parsed.success) return html(form(link, `The password: ${parsed.error.issues[0].message}.`), 400);
  if (!(await completePasswordReset(link, parsed.data.password))) return html(linkInvalidPage(), 404);
  return html(passwordSetPage({ title: "Password changed", text: `The password of ${link.email} is changed. Sign in with it.` }));
}

export const GET = afterStart(show);
export const POST = afterStart(reset);
