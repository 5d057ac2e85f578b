// From a validated send body to the provider-neutral message.
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { assertNotInstanceAddress, assertNotSystemFrom } from "@/lib/system-mail/system-from";
import type { OutgoingAttachment, OutgoingMessage } from "@/lib/providers/adapter";
import type { SendEmailInput } from "@/lib/email/schemas";

/** Organizations' default from-address: DEFAULT_FROM, else mail@<host of APP_URL> (no-reply@ is the instance's own, system-from.ts). */
export function defaultFrom(): string {
  return env().DEFAULT_FROM ?? `mail@${new URL(env().APP_URL).hostname}`;
}

/** `attachments`: the input's, with their bytes (resolve-attachments.ts); a check of the send
 * before it goes (scheduling) passes none, as the files are fetched when it goes. */
export function buildMessage(input: SendEmailInput, attachments: OutgoingAttachment[]): OutgoingMessage {
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
    attachments,
    calendar: input.calendar,
  };
}
