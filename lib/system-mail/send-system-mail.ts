// Mail the instance itself sends (sender confirmations, invitations, password resets). It goes
// only through the operator's transport, SYSTEM_SMTP_URL, never through an organization's
// providers: a tenant who adds a provider pointing at a server they run would otherwise read
// every link mailed "to" an address they do not own (and confirm it, or take the account).
// The operator's transport is trusted, so no tenant policy (test mode, suppressions, address
// checks) applies to it. Without one, development prints the link on the console and sends
// nothing; production refuses with 409 CONFLICT, saying what is missing (the instance's set-up,
// not a passing fault: a 5xx would invite retries that cannot succeed). A relay that fails is
// 503 SERVICE_UNAVAILABLE with Retry-After.
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { AppError } from "@/lib/errors/app-error";
import { systemMailFrom } from "@/lib/system-mail/system-from";
import { INSTANCE_MAIL_HEADER, instanceMailMarker } from "@/lib/system-mail/instance-mail-marker";

export interface SystemMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail carries: what development prints instead of sending. */
  link: string;
}

export type SystemMailTransport = "smtp" | "console" | "none";

export function systemMailTransport(): SystemMailTransport {
  if (env().SYSTEM_SMTP_URL) return "smtp";
  return env().NODE_ENV === "development" ? "console" : "none";
}

/** Refuses, before anything is recorded, when this instance cannot mail `what`. */
export function assertSystemMail(what: string): void {
  if (systemMailTransport() !== "none") return;
  throw new AppError(
    "CONFLICT",
    `${what} is unavailable: this instance has no system mail transport. Its operator sets SYSTEM_SMTP_URL to enable it.`,
  );
}

let transporter: Transporter | undefined;

function smtp(): Transporter {
  // Ten-second limits: a stuck relay must not hold the request for minutes.
  transporter ??= nodemailer.createTransport(env().SYSTEM_SMTP_URL!, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  return transporter;
}

export async function sendSystemMail(mail: SystemMail): Promise<void> {
  const transport = systemMailTransport();
  if (transport === "none") assertSystemMail("Instance mail");
  if (transport === "console") {
    // Development only: the developer is the operator, and this is how they follow the link.
    log.info("Development: no SYSTEM_SMTP_URL, so this mail was not sent; its link is here", {
      to: mail.to,
      subject: mail.subject,
      link: mail.link,
    });
    return;
  }
  try {
    await smtp().sendMail({
      from: systemMailFrom(),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { [INSTANCE_MAIL_HEADER]: instanceMailMarker(mail.to) },
    });
  } catch (err) {
    // The relay's own words may hold its address; the caller gets a plain refusal.
    log.error("System mail was not sent", { to: mail.to, err: err instanceof Error ? err.message : String(err) });
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      `The email to ${mail.to} could not be sent through this instance's mail server; try again later`,
      undefined,
      { "Retry-After": "60" },
    );
  }
}
