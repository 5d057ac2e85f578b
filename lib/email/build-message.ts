// From a validated send body to the provider-neutral message.
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { assertNotInstanceAddress, assertNotSystemFrom } from "@/lib/system-mail/system-from";
import type { OutgoingMessage } from "@/lib/providers/adapter";
import type { SendEmailInput } from "@/lib/email/schemas";

/** Organizations' default from-address: DEFAULT_FROM, else mail@<host of APP_URL> (no-reply@ is the instance's own, system-from.ts). */
export function defaultFrom(): string {
  return env().DEFAULT_FROM ?? `mail@${new URL(env().APP_URL).hostname}`;
}

export function buildMessage(input: SendEmailInput): OutgoingMessage {
  const from = input.from ?? { email: defaultFrom() };
  assertNotSystemFrom(from.email);
  if (input.from) assertNotInstanceAddress(input.from.email);
  const domain = from.email.split("@")[1] || "mailroom.local";
  return {
    messageId: `<${randomUUID()}@${domain}>`,
    from: { email: from.email, name: input.fromName ?? from.name },
    to: input.to,
    cc: input.cc ?? [],
    bcc: input.bcc ?? [],
    replyTo: input.replyTo ? { email: input.replyTo.email, name: input.replyToName ?? input.replyTo.name } : undefined,
    subject: input.subject,
    html: input.html,
    text: input.text,
    headers: input.headers,
    attachments: input.attachments.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.content, "base64"),
      contentType: a.contentType ?? "application/octet-stream",
      contentId: a.contentId,
    })),
    calendar: input.calendar,
  };
}
