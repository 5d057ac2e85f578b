import { DEMO_DOMAIN, DEMO_OUTCOMES, type DemoOutcome } from "@/lib/events/demo-addresses";

const WHAT: Record<DemoOutcome, string> = {
  delivered: "delivered",
  bounced: "a hard bounce (the address is not suppressed)",
  complained: "delivered, then a spam complaint",
  opened: "delivered, then opened",
  clicked: "delivered, opened, then its first link clicked (put a link in the HTML body)",
  deferred: "delivery delayed, then delivered",
  dropped: "dropped: never attempted",
};

/** The demo addresses next to the To field: each fills it, and says the outcome it plays out within seconds. */
export function DemoAddressPicker({ onPick }: { onPick: (address: string) => void }) {
  return (
    <details className="-mt-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="demo-addresses">
      <summary className="cursor-pointer select-none">
        Try a demo address: never leaves this machine, works in test mode without a test list
      </summary>
      <ul className="mt-2 space-y-1">
        {DEMO_OUTCOMES.map((outcome) => (
          <li key={outcome}>
            <button
              type="button"
              className="font-mono text-brand-600 underline dark:text-brand-500"
              onClick={() => onPick(`${outcome}@${DEMO_DOMAIN}`)}
            >
              {outcome}@{DEMO_DOMAIN}
            </button>{" "}
            — {WHAT[outcome]}
          </li>
        ))}
      </ul>
    </details>
  );
}
