// GET /invite/{token} — the page an invitation email links to (opening it changes nothing). For
// an address without an account, or one whose password someone else set: a form to choose a
// password (accept-invitation.ts says why). For an address with one its holder chose: they sign
// in with it on the page, or, signed in already, accept (and are then offered "Open
// <organization>", which switches the session there).
// POST /invite/{token} — that form: the membership is added (and, for a new address, the
// account made) and the link used up. Unknown, used or expired links: one 404 page.
import { z } from "zod";
import { findUsableLink } from "@/lib/account-links/account-link";
import {
  acceptWithAccount,
  acceptWithChosenPassword,
  acceptWithNewAccount,
  accountOf,
  checkAccountPassword,
} from "@/lib/account-links/accept-invitation";
import { choosePasswordSchema } from "@/lib/account-links/schemas";
import {
  choosePasswordPage,
  joinedSignedInPage,
  joinWithAccountPage,
  linkInvalidPage,
  passwordSetPage,
} from "@/lib/account-links/link-pages";
import { hostedPageForm, hostedPageResponse as html } from "@/lib/http/hosted-page";
import { clientAddress } from "@/lib/http/client-address";
import { retryAfterHeader } from "@/lib/errors/too-many-requests";
import { currentUser } from "@/lib/auth/current-user";
import { quotedTenantText } from "@/lib/system-mail/tenant-text";
import { afterStart } from "@/lib/boot/after-start";

type Ctx = { params: Promise<{ token: string }> };
type Link = NonNullable<Awaited<ReturnType<typeof findUsableLink>>>;

const words = (link: Link) => {
  const org = `the organization ${quotedTenantText(link.organization.name)}`;
  return { org, title: "Join an organization on Mailroom", intro: `You are invited to ${org} on Mailroom.` };
};

const newAccountForm = (link: Link, extra: { name?: string; error?: string } = {}) =>
  choosePasswordPage({
    title: words(link).title,
    intro: `${words(link).intro} Choose the password you will sign in with.`,
    email: link.email,
    askName: true,
    ...extra,
  });

const replacePasswordForm = (link: Link, error?: string) =>
  choosePasswordPage({
    title: words(link).title,
    intro: `${words(link).intro} This account's password was set by someone else: choose your own to join. It replaces that one and signs the account out everywhere.`,
    email: link.email,
    error,
  });

const accountForm = (link: Link, signedIn: boolean, error?: string) =>
  joinWithAccountPage({ title: words(link).title, intro: words(link).intro, email: link.email, signedIn, error });

/** Whether the visitor is signed in as this account. */
const signedInAs = async (userId: string) => (await currentUser())?.id === userId;

const joined = (link: Link) => html(passwordSetPage({ title: "Welcome", text: `${link.email} is now a member of ${words(link).org}.` }));

/** Joined while signed in: the page offers to open the organization now. */
const joinedSignedIn = (link: Link) =>
  html(
    joinedSignedInPage({
      title: "Welcome",
      text: `${link.email} is now a member of ${words(link).org}.`,
      orgId: link.orgId,
      orgName: quotedTenantText(link.organization.name),
    }),
  );

async function show(_req: Request, ctx: Ctx): Promise<Response> {
  const link = await findUsableLink("invitation", (await ctx.params).token);
  if (!link) return html(linkInvalidPage(), 404);
  const account = await accountOf(link);
  if (!account) return html(newAccountForm(link, { name: link.name }));
  if (!account.passwordChosenAt) return html(replacePasswordForm(link));
  return html(accountForm(link, await signedInAs(account.id)));
}

async function accept(req: Request, ctx: Ctx): Promise<Response> {
  const link = await findUsableLink("invitation", (await ctx.params).token);
  if (!link) return html(linkInvalidPage(), 404);
  const fields = Object.fromEntries(await hostedPageForm(req, 4_000));
  const account = await accountOf(link);
  if (!account) {
    const parsed = choosePasswordSchema.safeParse(fields);
    if (!parsed.success) return html(newAccountForm(link, { error: `The password: ${parsed.error.issues[0].message}.` }), 400);
    if (await acceptWithNewAccount(link, { name: parsed.data.name ?? link.name, password: parsed.data.password })) {
      return html(passwordSetPage({ title: "Welcome", text: `Your account ${link.email} is ready. Sign in with your new password.` }));
    }
    // The address got an account meanwhile: its holder signs in instead.
    return (await findUsableLink("invitation", (await ctx.params).token))
      ? html(accountForm(link, false), 409)
      : html(linkInvalidPage(), 404);
  }
  if (!account.passwordChosenAt) {
    const parsed = choosePasswordSchema.safeParse(fields);
    if (!parsed.success) return html(replacePasswordForm(link, `The password: ${parsed.error.issues[0].message}.`), 400);
    if (await acceptWithChosenPassword(link, account, parsed.data.password)) {
      return html(
        passwordSetPage({ title: "Welcome", text: `${link.email} is now a member of ${words(link).org}. Sign in with your new password.` }),
      );
    }
    return (await findUsableLink("invitation", (await ctx.params).token))
      ? html(accountForm(link, false), 409)
      : html(linkInvalidPage(), 404);
  }
  if (fields.accept === "yes" && (await signedInAs(account.id))) {
    return (await acceptWithAccount(link, account)) ? joinedSignedIn(link) : html(linkInvalidPage(), 404);
  }
  const password = z.string().min(1).max(200).safeParse(fields.password);
  if (!password.success) return html(accountForm(link, false, "Enter your Mailroom password."), 400);
  const checked = await checkAccountPassword(account, password.data, clientAddress(req.headers));
  if (typeof checked === "object")
    return html(accountForm(link, false, "Too many attempts: try again in a few minutes."), 429, retryAfterHeader(checked.retryAfter));
  if (checked === "wrong") return html(accountForm(link, false, "That is not the password of this account."), 400);
  return (await acceptWithAccount(link, account)) ? joined(link) : html(linkInvalidPage(), 404);
}

export const GET = afterStart(show);
export const POST = afterStart(accept);
