// The event types of SPEC's Events section. email.* events are dispatched; the others are
// valid subscription values that nothing dispatches yet (SPEC Events, rule 1).
export const EMAIL_EVENT_TYPES = [
  "email.sent",
  "email.delivered",
  "email.deferred",
  "email.dropped",
  "email.bounced",
  "email.opened",
  "email.clicked",
  "email.complained",
  "email.unsubscribed",
] as const;
export type EmailEventType = (typeof EMAIL_EVENT_TYPES)[number];

/** Other names callers use for an event type: Resend's delivery_delayed and failed. */
const ALIASES = new Map<string, EmailEventType>([
  ["delivery_delayed", "email.deferred"],
  ["failed", "email.dropped"],
]);

/**
 * The canonical type for a name: `email.opened`, its short form `opened`, or an alias
 * (`delivery_delayed`, with or without `email.`); null for anything else.
 */
export function canonicalEventType(name: string): EmailEventType | null {
  const short = name
    .trim()
    .toLowerCase()
    .replace(/^email\./, "");
  const full = `email.${short}`;
  if ((EMAIL_EVENT_TYPES as readonly string[]).includes(full)) return full as EmailEventType;
  // A Map: a name such as "constructor" must find nothing (an object's lookup finds its prototype's).
  return ALIASES.get(short) ?? null;
}

export const SUBSCRIPTION_TYPES = [...EMAIL_EVENT_TYPES, "contact.suppressed", "domain.verified", "domain.failed"] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** "*" on its own, or an empty list, subscribes to everything; stored as []. */
export function normalizeSubscription(events: string[] | undefined): string[] {
  if (!events || events.includes("*")) return [];
  return [...new Set(events)];
}
