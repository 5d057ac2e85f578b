import { SUBSCRIPTION_TYPES, type SubscriptionType } from "@/lib/events/event-types";

/** The picker's stand-in for every event, sent as events: ["*"] (stored as []). */
export const ALL_EVENTS = "*";

/** SPEC's meaning of each subscription type, shown beside its checkbox. */
const MEANINGS: Record<SubscriptionType, string> = {
  "email.sent": "accepted by the provider",
  "email.delivered": "delivered to the recipient",
  "email.deferred": "delivery delayed by the receiving server",
  "email.dropped": "dropped by the provider before delivery",
  "email.bounced": "bounced",
  "email.opened": "opened by the recipient",
  "email.clicked": "a link was clicked",
  "email.complained": "marked as spam",
  "email.unsubscribed": "the recipient unsubscribed",
  "contact.suppressed": "a recipient was added to the suppression list",
  "domain.verified": "a sending domain passed verification",
  "domain.failed": "a sending domain failed verification",
};

export interface EventGroup {
  label: string;
  /** Shown under the group: these types are accepted but nothing sends them yet (SPEC Events, rule 1). */
  note?: string;
  types: { type: SubscriptionType; meaning: string }[];
}

const entry = (type: SubscriptionType) => ({ type, meaning: MEANINGS[type] });

export const EVENT_GROUPS: EventGroup[] = [
  { label: "Email", types: SUBSCRIPTION_TYPES.filter((t) => t.startsWith("email.")).map(entry) },
  {
    label: "Contacts and domains",
    note: "Not sent yet: subscribing now means they arrive once Mailroom starts sending them.",
    types: SUBSCRIPTION_TYPES.filter((t) => !t.startsWith("email.")).map(entry),
  },
];

/** [] and ["*"] both mean every event. */
export const isAllEvents = (events: readonly string[]) => events.length === 0 || events.includes(ALL_EVENTS);
