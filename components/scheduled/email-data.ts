import type { ScheduledEmail } from "@/hooks/scheduled";

/** Addresses as the send body holds them: a list, or (as a caller may write it) one string. */
const addresses = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((a): a is string => typeof a === "string") : typeof value === "string" ? [value] : [];

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/** What the list shows of a stored send body, read defensively: it is the body as the caller gave it. */
export function describeEmail(email: ScheduledEmail) {
  const data = email.emailData;
  const result = (email.result ?? {}) as { messageId?: unknown; id?: unknown; provider?: unknown };
  return {
    to: addresses(data.to),
    copies: addresses(data.cc).length + addresses(data.bcc).length,
    subject: text(data.subject),
    templateId: text(data.templateId),
    messageId: text(result.messageId),
    mailroomId: text(result.id),
    provider: text(result.provider),
  };
}
