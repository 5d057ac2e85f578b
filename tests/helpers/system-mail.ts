// A server whose system mail transport (SYSTEM_SMTP_URL) is an SMTP sink of the test's own,
// the links found in what that sink received, and more organizations on that server.
import { randomBytes } from "node:crypto";
import { simpleParser } from "mailparser";
import { openPostgres } from "@/lib/db/client";
import { hashPassword } from "@/lib/crypto/password";
import { call } from "./http";
import { signInOrThrow } from "./sign-in";
import { PASSWORD } from "./test-secrets";
import { ownServer } from "./own-server";
import { newSink, SINK_PASSWORD, SINK_USER } from "./sending";
import type { SmtpSink } from "./smtp-sink";

export const SYSTEM_FROM = "Mailroom <system@operator.test>";

export async function serverWithSystemMail(scopes: string[] = ["*"]) {
  const systemSink = await newSink();
  const own = await ownServer({
    env: { SYSTEM_SMTP_URL: `smtp://${SINK_USER}:${SINK_PASSWORD}@127.0.0.1:${systemSink.port}`, SYSTEM_MAIL_FROM: SYSTEM_FROM },
    scopes,
  });
  return { ...own, systemSink, close: async () => (await own.close(), await systemSink.close()) };
}

/** The one link to `path` in the sink's mail to `to` (waiting up to 5 s for it), and the parsed mail. */
export async function linkMailedTo(sink: SmtpSink, to: string, path: string) {
  for (let i = 0; i < 50 && !sink.messages.some((m) => m.rcptTo.includes(to)); i++) await new Promise((r) => setTimeout(r, 100));
  const raw = sink.messages.filter((m) => m.rcptTo.includes(to)).at(-1);
  if (!raw) throw new Error(`No mail to ${to}`);
  const mail = await simpleParser(raw.raw);
  const link = new RegExp(`(http://\\S+/${path}/[A-Za-z0-9_.-]+)`).exec(mail.text ?? "")?.[1];
  if (!link) throw new Error(`No /${path}/ link in the mail to ${to}:\n${mail.text}`);
  return { link, mail, envelope: raw };
}

/** Another organization on that server's database, with its owner signed in. */
export async function otherOrgOn(
  own: { database: { url: string }; server: { url: string } },
  name = `Other ${randomBytes(4).toString("hex")}`,
) {
  const prisma = openPostgres(own.database.url, 1).prisma;
  try {
    const email = `other-owner-${randomBytes(4).toString("hex")}@example.test`;
    const passwordHash = await hashPassword(PASSWORD);
    const org = await prisma.organization.create({ data: { name } });
    await prisma.project.create({ data: { orgId: org.id, name: "Default", isDefault: true } });
    const user = await prisma.user.create({ data: { email, passwordHash, passwordChosenAt: new Date() } });
    await prisma.membership.create({ data: { orgId: org.id, userId: user.id, role: "owner" } });
    const cookie = await signInOrThrow(email, PASSWORD, own.server.url);
    const key = (await call("/api/api-keys", { base: own.server.url, cookie, body: { name: "other", scopes: ["*"] } })).body.key as string;
    return { org, email, cookie, key };
  } finally {
    await prisma.$disconnect();
  }
}
