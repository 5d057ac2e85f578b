// What every inbound action is given and gives back.
import type { RuleAction } from "@/lib/inbound/rule-schema";
import type { StoredMessage } from "@/lib/inbound/stored-message";

export interface ActionRun<T extends RuleAction["type"]> {
  message: StoredMessage;
  rule: { id: string; name: string };
  action: Extract<RuleAction, { type: T }>;
  /** Unique to this action of this rule on this message: the idempotency key of what it sends. */
  key: string;
}

export interface ActionOutcome {
  status: "done" | "failed" | "skipped";
  detail: string | null;
}
