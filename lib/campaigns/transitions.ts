// The campaign state machine: draft -> scheduled -> sending <-> paused -> sent, and cancelled
// from scheduled, sending or paused. sent and cancelled are final. Anything else is 409
// CONFLICT saying what the campaign is and what the action needs.
import { AppError } from "@/lib/errors/app-error";

export const TRANSITIONS = {
  send: { from: ["draft", "scheduled"], rule: "only a draft or a scheduled campaign can be sent" },
  schedule: { from: ["draft", "scheduled"], rule: "only a draft or a scheduled campaign can be (re)scheduled" },
  pause: { from: ["sending"], rule: "only a sending campaign can be paused" },
  resume: { from: ["paused"], rule: "only a paused campaign can be resumed" },
  cancel: { from: ["scheduled", "sending", "paused"], rule: "only a scheduled, sending or paused campaign can be cancelled" },
} as const;

export type CampaignAction = keyof typeof TRANSITIONS;

export const transitionRefused = (action: CampaignAction, status: string) =>
  new AppError("CONFLICT", `Cannot ${action} this campaign: it is ${status}, and ${TRANSITIONS[action].rule}`);

export function assertTransition(action: CampaignAction, status: string): void {
  if (!(TRANSITIONS[action].from as readonly string[]).includes(status)) throw transitionRefused(action, status);
}

/** The statuses an action may start from, for conditional updates (`status = ANY(...)`). */
export const fromStatuses = (action: CampaignAction): string[] => [...TRANSITIONS[action].from];
