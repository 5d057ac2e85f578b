// Demo addresses (DESIGN.md §7): <outcome>@demo.mailroom.test, as Resend's test addresses. A
// message to them always goes to the built-in demo provider, whatever providers are configured
// and whatever the send mode, so it can never leave the machine; test mode lets them through
// without a test list; their outcome follows within seconds (demo-plan.ts). `.test` is reserved
// (RFC 2606): no real mailbox can have such an address.
import { AppError } from "@/lib/errors/app-error";

export const DEMO_DOMAIN = "demo.mailroom.test";

export const DEMO_OUTCOMES = ["delivered", "bounced", "complained", "opened", "clicked", "deferred", "dropped"] as const;
export type DemoOutcome = (typeof DEMO_OUTCOMES)[number];

/** The outcome a demo address asks for, or null for any other address (an unknown local part at the demo domain is refused at send). */
export function demoOutcomeOf(address: string): DemoOutcome | null {
  const [local, domain] = address.toLowerCase().split("@");
  if (domain !== DEMO_DOMAIN) return null;
  return (DEMO_OUTCOMES as readonly string[]).includes(local) ? (local as DemoOutcome) : null;
}

export const isDemoDomain = (address: string) => address.toLowerCase().split("@")[1] === DEMO_DOMAIN;

interface Recipients {
  to: { email: string }[];
  cc: { email: string }[];
  bcc: { email: string }[];
}

const refuse = (field: string, message: string) =>
  new AppError("VALIDATION_ERROR", `Invalid request: body.${field}: ${message}`, [{ path: `body.${field}`, message }]);

/**
 * Whether a message goes to demo addresses only (then the demo provider has it). A message that
 * mixes demo addresses with real ones is refused rather than split: one message has one
 * provider, and a real provider must never be handed an address that exists nowhere.
 */
export function isDemoOnly(message: Recipients): boolean {
  const fields = { to: message.to, cc: message.cc, bcc: message.bcc };
  let demo = 0;
  let real = 0;
  for (const [field, list] of Object.entries(fields)) {
    for (const { email } of list) {
      if (!isDemoDomain(email)) {
        real++;
        continue;
      }
      if (!demoOutcomeOf(email))
        throw refuse(field, `${email} is not a demo address; use one of ${DEMO_OUTCOMES.map((o) => `${o}@${DEMO_DOMAIN}`).join(", ")}`);
      demo++;
    }
  }
  if (demo && real) {
    const field = Object.entries(fields).find(([, list]) => list.some((a) => isDemoDomain(a.email)))![0];
    throw refuse(
      field,
      `demo addresses (@${DEMO_DOMAIN}) cannot be mixed with real recipients in one message; send to them in a message of their own`,
    );
  }
  return demo > 0;
}
