// Instance mail (sender confirmations, invitations, password resets) goes only through the
// operator's system transport, here an SMTP sink of this file's own, and never through the
// organization's providers, even one aimed at a server the tenant runs. Without a transport the
// requests are refused (409, the instance's set-up) with nothing recorded or sent. The one-use links: hashed at rest,
// used once, limited per address; a password someone else set keeps its account from being made
// owner until its holder chooses one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { call } from "../helpers/http";
import { signIn, signInOrThrow } from "../helpers/sign-in";
import { addMemberAs, newOrg, PASSWORD } from "../helpers/factory";
import { deadPort, newSink, SINK_PASSWORD, SINK_USER, smtpProvider } from "../helpers/sending";
import { ownServer } from "../helpers/own-server";
import { postmarkInboundJson, postmarkInboundProvider, postPostmark } from "../helpers/inbound-post";
import { linkMailedTo, otherOrgOn, serverWithSystemMail } from "../helpers/system-mail";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto/tokens";

const hex = () => randomBytes(4).toString("hex");
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("with a system mail transport", () => {
  let own: Awaited<ReturnType<typeof serverWithSystemMail>>;
  let tenantSink: SmtpSink;
  const base = () => own.server.url;
  beforeAll(async () => {
    own = await serverWithSystemMail();
    tenantSink = await newSink();
    // The organization's own provider, on a server the tenant runs: instance mail must never go there.
    const res = await call("/api/providers", {
      base: base(),
      cookie: own.cookie,
      body: {
        name: "tenant relay",
        type: "smtp",
        config: { host: "127.0.0.1", port: tenantSink.port, secure: false, username: SINK_USER, password: SINK_PASSWORD },
      },
    });
    expect(res.status).toBe(201);
  });
  afterAll(async () => {
    await own?.close();
    await tenantSink?.close();
  });

  it("sends the sender confirmation only through the system transport's sink, never the organization's provider", async () => {
    const email = `ceo-${hex()}@bigbank.test`;
    const sender = (await call("/api/v1/senders", { base: base(), key: own.key, body: { email } })).body.data;
    const sent = await call(`/api/v1/senders/${sender.id}/confirmation`, { base: base(), key: own.key, method: "POST" });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toEqual({ id: sender.id, email, expiresAt: expect.any(String) });

    const { link, mail, envelope } = await linkMailedTo(own.systemSink, email, "senders/confirm");
    expect(envelope.rcptTo).toEqual([email]);
    expect(envelope.mailFrom).toBe("system@operator.test");
    expect(mail.from?.value).toEqual([{ name: "Mailroom", address: "system@operator.test" }]);
    expect(tenantSink.messages).toHaveLength(0);
    // Not a message of the organization's either (no provider attempt, nothing in its log).
    expect((await own.sql.query('SELECT count(*)::int AS n FROM messages WHERE $1 = ANY("to")', [email])).rows[0].n).toBe(0);

    const confirmed = await fetch(link, form({ confirm: "yes" }));
    expect(confirmed.status).toBe(200);
    expect((await call(`/api/v1/senders/${sender.id}`, { base: base(), key: own.key })).body.data).toMatchObject({
      verified: true,
      verification: "confirmed",
    });
  });

  it("invites by emailed link: the invitee chooses the password, the link works once and is stored only as a hash", async () => {
    const email = `invitee-${hex()}@example.test`;
    const res = await call("/api/org/invitations", {
      base: base(),
      cookie: own.cookie,
      body: { email: ` ${email.toUpperCase()} `, name: "Ivy", role: "admin" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email, expiresAt: expect.any(String) });
    const days = (new Date(res.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const { link, mail } = await linkMailedTo(own.systemSink, email, "invite");
    expect(mail.subject).toBe("Your invitation to an organization on Mailroom");
    expect(tenantSink.messages).toHaveLength(0);
    const token = link.slice(link.lastIndexOf("/") + 1);
    const rows = (await own.sql.query("SELECT * FROM account_links WHERE email = $1", [email])).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    // Opening the page changes nothing; a bad form is refused with nothing made.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(email);
    expect((await fetch(link, form({ password: "short", repeat: "short" }))).status).toBe(400);
    expect((await fetch(link, form({ password: "chosen-by-ivy-1", repeat: "chosen-by-ivy-2" }))).status).toBe(400);
    expect((await own.sql.query("SELECT count(*)::int AS n FROM users WHERE email = $1", [email])).rows[0].n).toBe(0);

    const joined = await fetch(link, form({ password: "chosen-by-ivy-1", repeat: "chosen-by-ivy-1", name: "Ivy Invitee" }));
    expect(joined.status).toBe(200);
    const cookie = await signInOrThrow(email, "chosen-by-ivy-1", base());
    expect((await call("/api/auth/session", { base: base(), cookie })).body.user).toMatchObject({
      email,
      role: "admin",
      name: "Ivy Invitee",
    });
    expect(
      (await own.sql.query("SELECT password_chosen_at FROM users WHERE email = $1", [email])).rows[0].password_chosen_at,
    ).not.toBeNull();
    // Once only.
    expect((await fetch(link)).status).toBe(404);
    expect((await fetch(link, form({ password: "another-one-1", repeat: "another-one-1" }))).status).toBe(404);
    expect(
      (await own.sql.query("SELECT action FROM audit_logs WHERE metadata->>'email' = $1 ORDER BY created_at", [email])).rows.map(
        (r) => r.action,
      ),
    ).toEqual(["member.invited", "member.invitation_accepted"]);
    // An unknown or altered link gets the same page.
    const unknown = await fetch(`${base()}/invite/${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("This link is not valid");
  });

  it("carries no tenant text in subjects; in bodies the organization's name is short quoted plain text with nothing a mail client could turn into a link", async () => {
    const phishing = "Your bank: verify at https://evil.example now or www.evil-bank.test/login, it is urgent and very important";
    const [{ id: orgId, name: before }] = (await own.sql.query("SELECT id, name FROM organizations LIMIT 1")).rows;
    await own.sql.query("UPDATE organizations SET name = $1 WHERE id = $2", [phishing, orgId]);
    try {
      const invitee = `phished-${hex()}@example.test`;
      expect(
        (await call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email: invitee, role: "member" } })).status,
      ).toBe(201);
      const member = `reset-${hex()}@example.test`;
      const added = await call("/api/org/members", {
        base: base(),
        cookie: own.cookie,
        body: { email: member, role: "member", password: PASSWORD },
      });
      expect(
        (await call(`/api/org/members/${added.body.id}/password-reset`, { base: base(), cookie: own.cookie, method: "POST" })).status,
      ).toBe(201);
      const senderEmail = `sender-${hex()}@bigbank.test`;
      const sender = (await call("/api/v1/senders", { base: base(), key: own.key, body: { email: senderEmail } })).body.data;
      expect((await call(`/api/v1/senders/${sender.id}/confirmation`, { base: base(), key: own.key, method: "POST" })).status).toBe(201);

      const mails = [
        await linkMailedTo(own.systemSink, invitee, "invite"),
        await linkMailedTo(own.systemSink, member, "reset-password"),
        await linkMailedTo(own.systemSink, senderEmail, "senders/confirm"),
      ];
      const quoted = "“Your bank: verify at https[:]//evil[.]example now or www[.]evil-ba…”";
      for (const { mail } of mails) {
        expect(mail.subject).not.toMatch(/bank|evil|verify/i);
        for (const body of [mail.text ?? "", String(mail.html)]) {
          expect(body).toContain(quoted);
          expect(body).not.toMatch(/evil\.example|www\.evil|https:\/\/evil|it is urgent/);
        }
      }
      // The links' pages show it the same way.
      const page = await (await fetch(mails[0].link)).text();
      expect(page).toContain(quoted);
      expect(page).not.toContain("evil.example");
    } finally {
      await own.sql.query("UPDATE organizations SET name = $1 WHERE id = $2", [before, orgId]);
    }
  });

  it("mails at most one link a minute to an address; a second request is 429 and sends nothing", async () => {
    const email = `twice-${hex()}@example.test`;
    const answers = await Promise.all(
      [0, 1, 2].map(() => call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email, role: "member" } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await linkMailedTo(own.systemSink, email, "invite");
    expect(own.systemSink.messages.filter((m) => m.rcptTo.includes(email))).toHaveLength(1);
  });

  it("keeps one allowance per address whichever organization asks (one a minute, 5 a day); the refusal does not say who mailed it", async () => {
    const other = await otherOrgOn(own);
    const victim = `victim-${hex()}@bigbank.test`;
    const senders = new Map<string, string>();
    for (const key of [own.key, other.key])
      senders.set(key, (await call("/api/v1/senders", { base: base(), key, body: { email: victim } })).body.data.id);
    const confirm = (key: string) => call(`/api/v1/senders/${senders.get(key)}/confirmation`, { base: base(), key, method: "POST" });
    const later = () =>
      own.sql.query("UPDATE system_mail_sends SET created_at = created_at - interval '2 minutes' WHERE email = $1", [victim]);
    expect((await confirm(own.key)).status).toBe(201);
    for (const refused of [
      await confirm(other.key),
      await call("/api/org/invitations", { base: base(), cookie: other.cookie, body: { email: victim, role: "member" } }),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("RATE_LIMITED");
      expect(refused.body.error).toMatch(/^This address was mailed recently; try again in \d+ s$/);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // A minute on, another organization may; five in a day, then none, whoever asks.
    for (const ask of [
      () => confirm(other.key),
      () => call("/api/org/invitations", { base: base(), cookie: other.cookie, body: { email: victim, role: "member" } }),
      () => confirm(own.key),
      () => call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email: victim, role: "viewer" } }),
    ]) {
      await later();
      expect((await ask()).status).toBe(201);
    }
    await later();
    const sixth = await confirm(other.key);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/^This address was mailed recently; try again in \d+ s$/);
    for (let i = 0; i < 50 && own.systemSink.messages.filter((m) => m.rcptTo.includes(victim)).length < 5; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(own.systemSink.messages.filter((m) => m.rcptTo.includes(victim))).toHaveLength(5);
  });

  it("refuses an organization's send or sender from the instance's own from address, in test mode as in production", async () => {
    await own.sql.query("UPDATE organizations SET send_mode = 'test'");
    try {
      for (const from of ["system@operator.test", "Support <SYSTEM@Operator.test>"]) {
        const res = await call("/api/v1/email/send", {
          base: base(),
          key: own.key,
          body: { from, to: "delivered@demo.mailroom.test", subject: "Looks official", text: "x" },
        });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("SENDER_NOT_VERIFIED");
        expect(res.body.error).toMatch(/is the address this instance sends its own mail from/);
      }
    } finally {
      await own.sql.query("UPDATE organizations SET send_mode = 'production'");
    }
    const sender = await call("/api/v1/senders", { base: base(), key: own.key, body: { email: "System@operator.test" } });
    expect(sender.status).toBe(403);
    expect(sender.body.error).toMatch(/is the address this instance sends its own mail from/);
    expect((await own.sql.query("SELECT count(*)::int AS n FROM messages WHERE subject = 'Looks official'")).rows[0].n).toBe(0);
  });

  it("marks its mail: come back to this instance's inbound, it reaches only an organization that verified the recipient's domain", async () => {
    // Another organization on the shared server (same AUTH_SECRET) receives mail for a domain it never proved.
    const squatter = await newOrg();
    const domain = `captured-${hex()}.test`;
    expect((await call("/api/inbound/domains", { cookie: squatter.cookie, body: { name: domain } })).status).toBe(201);
    const inbound = await postmarkInboundProvider(squatter.cookie);
    const bob = `bob@${domain}`;
    expect((await call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email: bob, role: "member" } })).status).toBe(
      201,
    );
    const { mail } = await linkMailedTo(own.systemSink, bob, "invite");
    const marker = String(mail.headers.get("x-mailroom-instance-mail") ?? "");
    expect(marker).not.toBe("");
    const comeBack = (headers: { Name: string; Value: string }[], to = bob) =>
      postPostmark(
        inbound,
        postmarkInboundJson({
          from: { email: "no-reply@operator.test" },
          to: [{ email: to }],
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          headers,
        }),
      );

    const refused = await comeBack([{ Name: "X-Mailroom-Instance-Mail", Value: marker }]);
    expect(refused.status).toBe(200);
    expect(refused.body.ids).toEqual([]);
    expect(await db().inboundMessage.count({ where: { orgId: squatter.org.id } })).toBe(0);
    // Other mail to the domain, a forged marker, or a real one copied onto mail for another address, is the organization's as before.
    expect((await comeBack([{ Name: "X-Mailroom-Instance-Mail", Value: "forged.marker" }])).body.ids).toHaveLength(1);
    expect((await comeBack([{ Name: "X-Mailroom-Instance-Mail", Value: marker }], `eve@${domain}`)).body.ids).toHaveLength(1);
    // Once the domain is proven, its mail is its owner's.
    await db().domain.updateMany({ where: { name: domain }, data: { status: "verified", verifiedAt: new Date() } });
    expect(
      (
        await comeBack([
          { Name: "X-Mailroom-Instance-Mail", Value: marker },
          { Name: "X-Again", Value: "1" },
        ])
      ).body.ids,
    ).toHaveLength(1);
  });

  it("keeps the instance's own domain (its mail's from domain) and every domain under it from every organization: no inbound or sending domain, no sender", async () => {
    for (const name of ["operator.test", "Sub.Operator.test"]) {
      for (const path of ["/api/inbound/domains", "/api/v1/domains"]) {
        const res = await call(path, { base: base(), cookie: own.cookie, body: { name } });
        expect(res.status, `${path} ${name}`).toBe(400);
        expect(res.body.error).toMatch(/operator\.test is this instance's own domain/);
      }
    }
    const sender = await call("/api/v1/senders", { base: base(), key: own.key, body: { email: "security@operator.test" } });
    expect(sender.status).toBe(400);
    expect(sender.body.code).toBe("VALIDATION_ERROR");
    expect((await own.sql.query("SELECT count(*)::int AS n FROM domains WHERE name LIKE '%operator.test'")).rows[0].n).toBe(0);
    // A sender at it kept from before (rows are not the rule): sending from it is refused all the same.
    await own.sql.query(
      `INSERT INTO senders (id, org_id, email, confirmed_at, updated_at) SELECT gen_random_uuid(), id, 'security@operator.test', now(), now() FROM organizations`,
    );
    const sent = await call("/api/v1/email/send", {
      base: base(),
      key: own.key,
      body: { from: "Security <security@operator.test>", to: "someone@example.test", subject: "Looks official", text: "x" },
    });
    expect(sent.status).toBe(403);
    expect(sent.body.error).toMatch(/operator\.test, this instance's own domain/);
    // A name that only ends the same way is another domain.
    expect(
      (await call("/api/inbound/domains", { base: base(), cookie: own.cookie, body: { name: `not-operator-${hex()}.test` } })).status,
    ).toBe(201);
  });

  it("invites an address that has an account exactly as a new one; its holder joins with their own password and never sets one through the link", async () => {
    const other = await otherOrgOn(own);
    const fresh = `fresh-${hex()}@example.test`;
    const toNew = await call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email: fresh, role: "member" } });
    const toExisting = await call("/api/org/invitations", {
      base: base(),
      cookie: own.cookie,
      body: { email: other.email, name: "Someone", role: "viewer" },
    });
    expect(toExisting.status).toBe(toNew.status);
    expect(toExisting.status).toBe(201);
    expect(Object.keys(toExisting.body).sort()).toEqual(Object.keys(toNew.body).sort());
    const [newMail, existingMail] = [
      await linkMailedTo(own.systemSink, fresh, "invite"),
      await linkMailedTo(own.systemSink, other.email, "invite"),
    ];
    expect(existingMail.mail.subject).toBe(newMail.mail.subject);

    const { link } = existingMail;
    const page = await (await fetch(link)).text();
    expect(page).toContain("Sign in and join");
    expect(page).not.toContain("New password");
    // Choosing a password through the link does nothing to the account.
    const takeover = await fetch(link, form({ password: "taken-over-1", repeat: "taken-over-1", name: "x" }));
    expect(takeover.status).toBe(400);
    expect(await takeover.text()).toContain("That is not the password of this account.");
    expect((await signIn(other.email, "taken-over-1", base())).cookie).toBeNull();
    // Signed in as the account, the page offers to accept; the account's own password joins too.
    expect(await (await fetch(link, { headers: { cookie: other.cookie } })).text()).toContain("Accept and join");
    const joined = await fetch(link, form({ password: PASSWORD }));
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain("is now a member of the organization");
    const role = await own.sql.query(
      "SELECT m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1 ORDER BY m.created_at",
      [other.email],
    );
    expect(role.rows.map((r) => r.role)).toEqual(["owner", "viewer"]);
    await signInOrThrow(other.email, PASSWORD, base());
    expect((await fetch(link)).status).toBe(404);
    // Already a member: this organization's own admins may be told that.
    const again = await call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email: other.email, role: "viewer" } });
    expect(again.status).toBe(409);
  });

  it("another organization's pending invitation blocks neither an invitation to the address nor adding it; a signed-in holder accepts with one button", async () => {
    const other = await otherOrgOn(own);
    const later = (email: string) =>
      own.sql.query("UPDATE system_mail_sends SET created_at = created_at - interval '2 minutes' WHERE email = $1", [email]);
    const x = `pending-${hex()}@example.test`;
    expect((await call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email: x, role: "member" } })).status).toBe(201);
    await later(x);
    expect((await call("/api/org/invitations", { base: base(), cookie: other.cookie, body: { email: x, role: "admin" } })).status).toBe(
      201,
    );

    const y = `added-${hex()}@example.test`;
    expect((await call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email: y, role: "member" } })).status).toBe(201);
    expect(
      (await call("/api/org/members", { base: base(), cookie: other.cookie, body: { email: y, role: "member", password: PASSWORD } }))
        .status,
    ).toBe(201);
    expect(
      (await own.sql.query("SELECT count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1", [y])).rows[0]
        .n,
    ).toBe(1);

    // The other organization's owner, whose password they chose, is invited too: signed in, they accept with one button.
    expect(
      (await call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email: other.email, role: "viewer" } })).status,
    ).toBe(201);
    const { link } = await linkMailedTo(own.systemSink, other.email, "invite");
    expect((await fetch(link, form({ accept: "yes" }))).status).toBe(400); // not signed in: no decision without the password
    const accepted = await fetch(link, {
      ...form({ accept: "yes" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: other.cookie },
    });
    expect(accepted.status).toBe(200);
    // Accepted while signed in: the page offers to open the organization now.
    const joinedPage = await accepted.text();
    expect(joinedPage).toContain('<form method="post" action="/switch-organization">');
    const [{ org_id: invitingOrg }] = (await own.sql.query("SELECT org_id FROM account_links WHERE email = $1", [other.email])).rows;
    expect(joinedPage).toContain(`name="orgId" value="${invitingOrg}"`);
    expect(
      (
        await own.sql.query("SELECT count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1", [
          other.email,
        ])
      ).rows[0].n,
    ).toBe(2);
  });

  it("an account whose password another organization set joins, even as owner, only once its holder chooses their own through the link", async () => {
    const other = await otherOrgOn(own);
    const bob = `bob-${hex()}@example.test`;
    // The other organization's owner sets bob's password, so could sign in as bob…
    expect(
      (await call("/api/org/members", { base: base(), cookie: other.cookie, body: { email: bob, role: "member", password: PASSWORD } }))
        .status,
    ).toBe(201);
    const setter = await signInOrThrow(bob, PASSWORD, base());
    // …and this organization invites bob as owner.
    expect((await call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email: bob, role: "owner" } })).status).toBe(
      201,
    );
    const { link } = await linkMailedTo(own.systemSink, bob, "invite");
    const page = await (await fetch(link, { headers: { cookie: setter } })).text();
    expect(page).toContain("was set by someone else");
    expect(page).not.toContain("Accept and join");
    const memberships = async () =>
      (
        await own.sql.query("SELECT m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1 ORDER BY m.created_at", [
          bob,
        ])
      ).rows.map((r) => r.role);
    // Neither the button nor the password someone else set joins.
    expect(
      (await fetch(link, { ...form({ accept: "yes" }), headers: { "content-type": "application/x-www-form-urlencoded", cookie: setter } }))
        .status,
    ).toBe(400);
    expect((await fetch(link, form({ password: PASSWORD }))).status).toBe(400);
    expect(await memberships()).toEqual(["member"]);

    // The holder of the mailbox chooses a password: it replaces the old one and ends every session.
    const chosen = await fetch(link, form({ password: "bobs-own-choice", repeat: "bobs-own-choice" }));
    expect(chosen.status).toBe(200);
    expect(await chosen.text()).toContain("is now a member of the organization");
    expect(await memberships()).toEqual(["member", "owner"]);
    expect((await call("/api/org/members", { base: base(), cookie: setter })).status).toBe(401);
    expect((await signIn(bob, PASSWORD, base())).cookie).toBeNull();
    await signInOrThrow(bob, "bobs-own-choice", base());
    expect((await own.sql.query("SELECT password_chosen_at FROM users WHERE email = $1", [bob])).rows[0].password_chosen_at).not.toBeNull();
    expect((await fetch(link)).status).toBe(404);
  });

  it("an admin cannot replace an owner's pending invitation; sub-addresses share one mailbox's allowance; an organization has a daily cap", async () => {
    const email = `future-owner-${hex()}@example.test`;
    expect((await call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email, role: "owner" } })).status).toBe(201);
    const adminEmail = `inviting-admin-${hex()}@example.test`;
    expect(
      (await call("/api/org/members", { base: base(), cookie: own.cookie, body: { email: adminEmail, role: "admin", password: PASSWORD } }))
        .status,
    ).toBe(201);
    const admin = await signInOrThrow(adminEmail, PASSWORD, base());
    await own.sql.query("UPDATE system_mail_sends SET created_at = created_at - interval '2 minutes' WHERE email = $1", [email]);
    const replaced = await call("/api/org/invitations", { base: base(), cookie: admin, body: { email, role: "viewer" } });
    expect(replaced.status).toBe(403);
    expect(replaced.body.code).toBe("PERMISSION_DENIED");
    const pending = (await call("/api/org/invitations", { base: base(), cookie: own.cookie })).body.invitations as {
      email: string;
      role: string;
    }[];
    expect(pending.filter((i) => i.email === email).map((i) => i.role)).toEqual(["owner"]);

    // someone+1@ and someone+2@ reach one inbox: one allowance.
    const box = `inbox-${hex()}`;
    expect(
      (await call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email: `${box}+1@example.test`, role: "viewer" } }))
        .status,
    ).toBe(201);
    const tagged = await call("/api/org/invitations", {
      base: base(),
      cookie: own.cookie,
      body: { email: `${box}+2@example.test`, role: "viewer" },
    });
    expect(tagged.status).toBe(429);
    expect(tagged.body.error).toMatch(/This address was mailed recently/);

    // An organization that has had its day's instance mail gets no more, to any address.
    const other = await otherOrgOn(own);
    await own.sql.query(
      "INSERT INTO system_mail_sends (id, email, org_id, created_at) SELECT gen_random_uuid(), 'x' || i || '@example.test', $1, now() - interval '1 hour' FROM generate_series(1, 100) i",
      [other.org.id],
    );
    const capped = await call("/api/org/invitations", {
      base: base(),
      cookie: other.cookie,
      body: { email: `fresh-${hex()}@example.test`, role: "viewer" },
    });
    expect(capped.status).toBe(429);
    expect(capped.body.error).toMatch(/This organization has had 100 invitations, resets and confirmations mailed in the last day/);
    expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(82_000);
  });

  it("lists pending invitations without their links; owners and admins revoke them (another organization's is 404), and a revoked link opens nothing", async () => {
    const other = await otherOrgOn(own);
    const email = `listed-${hex()}@example.test`;
    expect((await call("/api/org/invitations", { base: base(), cookie: own.cookie, body: { email, role: "owner" } })).status).toBe(201);
    const { link } = await linkMailedTo(own.systemSink, email, "invite");
    const token = link.slice(link.lastIndexOf("/") + 1);
    const listed = await call("/api/org/invitations", { base: base(), cookie: own.cookie });
    expect(listed.status).toBe(200);
    const mine = listed.body.invitations.find((i: { email: string }) => i.email === email);
    expect(mine).toEqual({
      id: expect.any(String),
      email,
      role: "owner",
      invitedBy: "owner@example.test",
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect((await call("/api/org/invitations", { base: base(), cookie: other.cookie })).body.invitations).toEqual([]);

    // Another organization's: 404, as if it did not exist; an admin may not revoke an owner's invitation.
    expect((await call(`/api/org/invitations/${mine.id}`, { base: base(), cookie: other.cookie, method: "DELETE" })).status).toBe(404);
    const adminEmail = `inv-admin-${hex()}@example.test`;
    await call("/api/org/members", { base: base(), cookie: own.cookie, body: { email: adminEmail, role: "admin", password: PASSWORD } });
    const admin = await signInOrThrow(adminEmail, PASSWORD, base());
    expect((await call(`/api/org/invitations/${mine.id}`, { base: base(), cookie: admin, method: "DELETE" })).status).toBe(403);
    expect((await fetch(link)).status).toBe(200);

    const revoked = await call(`/api/org/invitations/${mine.id}`, { base: base(), cookie: own.cookie, method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ revoked: true });
    expect((await fetch(link)).status).toBe(404);
    expect((await fetch(link, form({ password: "chosen-by-me-1", repeat: "chosen-by-me-1" }))).status).toBe(404);
    expect(
      (await call("/api/org/invitations", { base: base(), cookie: own.cookie })).body.invitations.map((i: { email: string }) => i.email),
    ).not.toContain(email);
    expect((await call(`/api/org/invitations/${mine.id}`, { base: base(), cookie: own.cookie, method: "DELETE" })).status).toBe(404);
    expect(
      (
        await own.sql.query(
          "SELECT count(*)::int AS n FROM audit_logs WHERE action = 'member.invitation_revoked' AND metadata->>'email' = $1",
          [email],
        )
      ).rows[0].n,
    ).toBe(1);
  });

  it("an owner's reset link lets the member choose a new password and ends their sessions; an admin cannot reset an owner", async () => {
    const email = `member-${hex()}@example.test`;
    const added = await call("/api/org/members", { base: base(), cookie: own.cookie, body: { email, role: "member", password: PASSWORD } });
    expect(added.status).toBe(201);
    const before = await signInOrThrow(email, PASSWORD, base());

    const res = await call(`/api/org/members/${added.body.id}/password-reset`, { base: base(), cookie: own.cookie, method: "POST" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ email, expiresAt: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain("reset-password");
    const { link } = await linkMailedTo(own.systemSink, email, "reset-password");
    expect(tenantSink.messages).toHaveLength(0);
    // Until the link is used, nothing changes.
    expect((await call("/api/auth/session", { base: base(), cookie: before })).body.user?.email).toBe(email);

    expect((await fetch(link, form({ password: "members-own-pass", repeat: "members-own-pass" }))).status).toBe(200);
    expect((await call("/api/org/members", { base: base(), cookie: before })).status).toBe(401);
    expect((await signIn(email, PASSWORD, base())).cookie).toBeNull();
    await signInOrThrow(email, "members-own-pass", base());
    expect((await fetch(link, form({ password: "again-again-1", repeat: "again-again-1" }))).status).toBe(404);
    // Set through a link mailed to them, the password is their own: they may be made owner.
    const promoted = await call(`/api/org/members/${added.body.id}`, {
      base: base(),
      cookie: own.cookie,
      method: "PATCH",
      body: { role: "owner" },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe("owner");

    // An admin may not reset an owner's password.
    const adminEmail = `admin-${hex()}@example.test`;
    await call("/api/org/members", { base: base(), cookie: own.cookie, body: { email: adminEmail, role: "admin", password: PASSWORD } });
    const adminCookie = await signInOrThrow(adminEmail, PASSWORD, base());
    const members = (await call("/api/org/members", { base: base(), cookie: own.cookie })).body.members as { id: string; role: string }[];
    const ownerRow = members.find((m) => m.role === "owner")!;
    const refused = await call(`/api/org/members/${ownerRow.id}/password-reset`, { base: base(), cookie: adminCookie, method: "POST" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("PERMISSION_DENIED");
  });
});

describe("the instance mail's from address", () => {
  it(
    "is SYSTEM_MAIL_FROM or else no-reply@<APP_URL host>, never DEFAULT_FROM, the organizations' default",
    { timeout: 60_000 },
    async () => {
      const sink = await newSink();
      const own = await ownServer({
        env: { SYSTEM_SMTP_URL: `smtp://${SINK_USER}:${SINK_PASSWORD}@127.0.0.1:${sink.port}`, DEFAULT_FROM: "ops@operator.test" },
        scopes: ["*"],
      });
      try {
        const email = `from-${hex()}@example.test`;
        expect(
          (await call("/api/org/invitations", { base: own.server.url, cookie: own.cookie, body: { email, role: "member" } })).status,
        ).toBe(201);
        const { envelope, mail } = await linkMailedTo(sink, email, "invite");
        expect(envelope.mailFrom).toBe(`no-reply@${new URL(own.server.url).hostname}`);
        expect(mail.from?.value[0].address).not.toBe("ops@operator.test");
      } finally {
        await own.close();
        await sink.close();
      }
    },
  );
});

describe("an instance whose operator lends no default from address (DEFAULT_FROM unset)", () => {
  it(
    "refuses a production send that gives no from: the instance's own domain is not every organization's",
    { timeout: 60_000 },
    async () => {
      const own = await ownServer({ env: { DEFAULT_FROM: "" }, scopes: ["email:send"] });
      try {
        const res = await call("/api/v1/email/send", {
          base: own.server.url,
          key: own.key,
          body: { fromName: "Mailroom", to: "anyone@example.test", subject: "Your invitation", text: "Hello" },
        });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("SENDER_NOT_VERIFIED");
        expect(res.body.error).not.toMatch(/default address/);
        expect((await own.sql.query("SELECT count(*)::int AS n FROM messages")).rows[0].n).toBe(0);
      } finally {
        await own.close();
      }
    },
  );
});

describe("without a system mail transport (production)", () => {
  it("refuses sender confirmation, invitations and resets with 409, recording and sending nothing", async () => {
    const org = await newOrg();
    const tenantSink = await newSink();
    try {
      await smtpProvider(org.cookie, tenantSink);
      const email = `ceo-${hex()}@bigbank.test`;
      const sender = (await call("/api/v1/senders", { cookie: org.cookie, body: { email } })).body.data;
      const res = await call(`/api/v1/senders/${sender.id}/confirmation`, { cookie: org.cookie, method: "POST" });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("CONFLICT");
      expect(res.body.error).toMatch(
        /^Sender confirmation by email is unavailable: this instance has no system mail transport\. Its operator sets SYSTEM_SMTP_URL/,
      );
      expect(await db().auditLog.count({ where: { targetId: sender.id, action: { startsWith: "sender.confirmation" } } })).toBe(0);

      const invite = await call("/api/org/invitations", { cookie: org.cookie, body: { email: `x-${hex()}@example.test`, role: "member" } });
      expect(invite.status).toBe(409);
      expect(invite.body.error).toMatch(/^Inviting by email is unavailable/);
      const member = await addMemberAs(org.cookie, "member");
      const reset = await call(`/api/org/members/${member.member.id}/password-reset`, { cookie: org.cookie, method: "POST" });
      expect(reset.status).toBe(409);
      expect(reset.body.error).toMatch(/^Password reset by email is unavailable/);
      expect(await db().accountLink.count({ where: { orgId: org.org.id } })).toBe(0);
      await new Promise((r) => setTimeout(r, 300));
      expect(tenantSink.messages).toHaveLength(0);
    } finally {
      await tenantSink.close();
    }
  });
});

describe("with a system transport that fails", () => {
  it(
    "answers 503 with Retry-After, records the confirmation as failed and gives its minute back; an unsent link is removed",
    { timeout: 60_000 },
    async () => {
      const dead = await deadPort();
      const own = await ownServer({
        env: { SYSTEM_SMTP_URL: `smtp://${SINK_USER}:${SINK_PASSWORD}@127.0.0.1:${dead.port}` },
        scopes: ["*"],
      });
      try {
        const email = `down-${hex()}@bigbank.test`;
        const sender = (await call("/api/v1/senders", { base: own.server.url, key: own.key, body: { email } })).body.data;
        for (let i = 0; i < 2; i++) {
          const res = await call(`/api/v1/senders/${sender.id}/confirmation`, { base: own.server.url, key: own.key, method: "POST" });
          expect(res.status).toBe(503);
          expect(res.body.code).toBe("SERVICE_UNAVAILABLE");
          expect(res.headers.get("retry-after")).toBe("60");
        }
        const actions = (
          await own.sql.query("SELECT action FROM audit_logs WHERE target_id = $1 ORDER BY created_at", [sender.id])
        ).rows.map((r) => r.action);
        expect(actions.filter((a) => a === "sender.confirmation_failed")).toHaveLength(2);
        expect(actions).not.toContain("sender.confirmation_sent");

        const invite = await call("/api/org/invitations", {
          base: own.server.url,
          cookie: own.cookie,
          body: { email: `x-${hex()}@example.test`, role: "member" },
        });
        expect(invite.status).toBe(503);
        expect((await own.sql.query("SELECT count(*)::int AS n FROM account_links")).rows[0].n).toBe(0);
      } finally {
        await own.close();
      }
    },
  );
});

describe("passwords set by someone else", () => {
  it("counts each current-password guess before checking it: of a concurrent burst of 30 wrong ones, at most 10 are checked", async () => {
    const org = await newOrg();
    const member = await addMemberAs(org.cookie, "member");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call("/api/account/password", {
          cookie: member.cookie,
          body: { currentPassword: `wrong-guess-${i}`, newPassword: "members-own-choice" },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    // Until the guesses leave the recent windows: the current 300-second window's end, or one window later.
    const wait = Number(answers.find((a) => a.status === 429)!.headers.get("retry-after"));
    const toWindowEnd = 300 - (Math.floor(Date.now() / 1000) % 300);
    expect(
      [toWindowEnd, toWindowEnd + 300].some((w) => Math.abs(w - wait) <= 2),
      `Retry-After ${wait}`,
    ).toBe(true);
    // Locked now, even for the right one.
    expect(
      (
        await call("/api/account/password", {
          cookie: member.cookie,
          body: { currentPassword: PASSWORD, newPassword: "members-own-choice" },
        })
      ).status,
    ).toBe(429);
  });

  it("cannot be made owner (409), even after a change of password (whoever set it could sign in and make it); changing needs the current one and ends other sessions", async () => {
    const org = await newOrg();
    const admin = await addMemberAs(org.cookie, "admin"); // the password was set by the owner
    const refused = await call(`/api/org/members/${admin.member.id}`, { cookie: org.cookie, method: "PATCH", body: { role: "owner" } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/still has a password someone else set/);
    expect((await db().membership.findUniqueOrThrow({ where: { id: admin.member.id } })).role).toBe("admin");

    const other = await signInOrThrow(admin.email, PASSWORD);
    const wrong = await call("/api/account/password", {
      cookie: admin.cookie,
      body: { currentPassword: "not-it-at-all", newPassword: "admins-own-choice" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("VALIDATION_ERROR");
    const same = await call("/api/account/password", { cookie: admin.cookie, body: { currentPassword: PASSWORD, newPassword: PASSWORD } });
    expect(same.status).toBe(400);
    expect((await signIn(admin.email, PASSWORD)).cookie).not.toBeNull();

    const changed = await call("/api/account/password", {
      cookie: admin.cookie,
      body: { currentPassword: PASSWORD, newPassword: "admins-own-choice" },
    });
    expect(changed.status).toBe(200);
    expect((await call("/api/org/members", { cookie: other })).status).toBe(401);
    expect((await signIn(admin.email, PASSWORD)).cookie).toBeNull();
    await signInOrThrow(admin.email, "admins-own-choice");
    expect(await db().auditLog.count({ where: { orgId: org.org.id, action: "user.password_changed", actorId: admin.member.userId } })).toBe(
      1,
    );

    // Whoever set the first password could have signed in and changed it: still not the holder's own.
    const stillRefused = await call(`/api/org/members/${admin.member.id}`, {
      cookie: org.cookie,
      method: "PATCH",
      body: { role: "owner" },
    });
    expect(stillRefused.status).toBe(409);
    expect(stillRefused.body.error).toMatch(/reset link/);
    expect((await db().membership.findUniqueOrThrow({ where: { id: admin.member.id } })).role).toBe("admin");
  });
});
