// The public pages an invitation or reset link opens: plain HTML with no script (lib/http/
// hosted-page.ts). Opening one changes nothing (mail scanners open links); the form POSTs back.
// Every unusable link (unknown, altered, used, expired) gets the same page, which says nothing
// about any address or account.
import { escapeHtml as escape } from "@/lib/templates/handlebars";
import { hostedPage as page } from "@/lib/http/hosted-page";

const field = (name: string, label: string, type: string, auto: string, value = "") =>
  `<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" type="${type}" autocomplete="${auto}" value="${escape(value)}" ${type === "password" ? 'minlength="8" maxlength="200" required' : 'maxlength="100"'} style="font:inherit;padding:.4rem;width:100%;box-sizing:border-box"></p>`;

export function choosePasswordPage(s: {
  title: string;
  intro: string;
  email: string;
  askName?: boolean;
  name?: string;
  error?: string;
}): string {
  return page(
    s.title,
    `<h1>${escape(s.title)}</h1><p>${escape(s.intro)}</p><p>Account: <strong>${escape(s.email)}</strong></p>
${s.error ? `<p role="alert" style="color:#b91c1c">${escape(s.error)}</p>` : ""}
<form method="post">${s.askName ? field("name", "Your name (optional)", "text", "name", s.name) : ""}${field("password", "New password (at least 8 characters)", "password", "new-password")}${field("repeat", "The same password again", "password", "new-password")}
<button type="submit">Save password</button></form>`,
  );
}

/** An invitation for an address that has an account: its holder signs in here (or, signed in, accepts). */
export function joinWithAccountPage(s: { title: string; intro: string; email: string; signedIn: boolean; error?: string }): string {
  const action = s.signedIn
    ? `<form method="post"><input type="hidden" name="accept" value="yes"><button type="submit">Accept and join</button></form>`
    : `<p>This address has a Mailroom account. Sign in with its password to accept; an invitation never changes it.</p>
<form method="post"><p><label for="password">Your Mailroom password</label><br><input id="password" name="password" type="password" autocomplete="current-password" maxlength="200" required style="font:inherit;padding:.4rem;width:100%;box-sizing:border-box"></p>
<button type="submit">Sign in and join</button></form>`;
  return page(
    s.title,
    `<h1>${escape(s.title)}</h1><p>${escape(s.intro)}</p><p>Account: <strong>${escape(s.email)}</strong></p>
${s.error ? `<p role="alert" style="color:#b91c1c">${escape(s.error)}</p>` : ""}${action}`,
  );
}

export function passwordSetPage(s: { title: string; text: string }): string {
  return page(s.title, `<h1>${escape(s.title)}</h1><p>${escape(s.text)}</p><p><a href="/sign-in">Sign in</a></p>`);
}

/** Joined while signed in: a button that opens the organization (POST /switch-organization). */
export function joinedSignedInPage(s: { title: string; text: string; orgId: string; orgName: string }): string {
  return page(
    s.title,
    `<h1>${escape(s.title)}</h1><p>${escape(s.text)}</p>
<form method="post" action="/switch-organization"><input type="hidden" name="orgId" value="${escape(s.orgId)}"><button type="submit">Open ${escape(s.orgName)}</button></form>`,
  );
}

export function linkInvalidPage(): string {
  return page(
    "Link not valid",
    `<h1>This link is not valid</h1><p>It may have expired, been used already, or been copied incompletely. Ask an owner or admin of your organization for a new one.</p>`,
  );
}
