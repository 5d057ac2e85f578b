"use client";

import type { CampaignAction, CampaignDetail } from "@/hooks/campaigns";
import { ActionButton } from "@/components/ui/action-button";

/** Actions asked about first: they cannot be undone. */
export type Confirmable = "send" | "cancel" | "delete";

interface CampaignActionsProps {
  campaign: CampaignDetail;
  canManage: boolean;
  restrictedReasonId?: string;
  /** While a one-click action (pause, resume) runs. */
  busy: boolean;
  onAct: (action: Extract<CampaignAction, "pause" | "resume">) => void;
  onConfirm: (action: Confirmable) => void;
  onEdit: () => void;
  onSchedule: () => void;
}

/** The buttons the campaign's status allows (transitions.ts): nothing once it is sent or cancelled. */
export function CampaignActions({
  campaign: c,
  canManage,
  restrictedReasonId,
  busy,
  onAct,
  onConfirm,
  onEdit,
  onSchedule,
}: CampaignActionsProps) {
  const off = !canManage;
  const props = { disabled: off, "aria-describedby": restrictedReasonId };
  const editable = c.status === "draft" || c.status === "scheduled";
  return (
    <div className="flex flex-wrap gap-2">
      {editable && (
        <>
          <ActionButton className="btn-primary" onClick={() => onConfirm("send")} {...props}>
            Send now
          </ActionButton>
          <ActionButton className="btn-secondary" onClick={onSchedule} {...props}>
            {c.status === "scheduled" ? "Reschedule" : "Schedule"}
          </ActionButton>
          <ActionButton className="btn-secondary" onClick={onEdit} {...props}>
            Edit
          </ActionButton>
        </>
      )}
      {c.status === "sending" && (
        <ActionButton className="btn-primary" onClick={() => onAct("pause")} {...props} disabled={off || busy}>
          Pause
        </ActionButton>
      )}
      {c.status === "paused" && (
        <ActionButton className="btn-primary" onClick={() => onAct("resume")} {...props} disabled={off || busy}>
          Resume
        </ActionButton>
      )}
      {(c.status === "scheduled" || c.status === "sending" || c.status === "paused") && (
        <ActionButton className="btn-secondary" onClick={() => onConfirm("cancel")} {...props}>
          Cancel campaign
        </ActionButton>
      )}
      {c.status === "draft" && (
        <ActionButton className="btn-secondary" onClick={() => onConfirm("delete")} {...props}>
          Delete
        </ActionButton>
      )}
    </div>
  );
}
