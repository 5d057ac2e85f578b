"use client";

import { ROLES, canAssignRole, type Role } from "@/lib/auth/permissions";
import type { Member } from "@/hooks/members";
import { Badge } from "@/components/ui/badge";
import { roleLabel } from "@/components/members/role-descriptions";

interface MemberItemProps {
  member: Member;
  actorRole: Role;
  canManage: boolean;
  isSelf: boolean;
  /** The organization's only owner: the server refuses to demote or remove them. */
  lastOwner: boolean;
  saving: boolean;
  onRoleChange: (member: Member, role: Role) => void;
  onRemove: (member: Member) => void;
  /** Mails the member a link to choose a new password (never shown to whoever asks). */
  onResetPassword: (member: Member) => void;
  resetting: boolean;
}

export const LAST_OWNER_REASON = "An organization must keep at least one owner: make another member an owner first.";
const OWNER_ONLY_REASON = "Only an owner can change an owner.";

/**
 * One member: who they are, their role (a picker where the signed-in role may change it) and
 * Remove. What the signed-in role may not do here is shown disabled or read-only, with the
 * reason as text beside it (the server refuses it anyway).
 */
export function MemberItem({
  member,
  actorRole,
  canManage,
  isSelf,
  lastOwner,
  saving,
  onRoleChange,
  onRemove,
  onResetPassword,
  resetting,
}: MemberItemProps) {
  // Admins may not touch owners; the server enforces the same rule (canAssignRole).
  const editable = canManage && canAssignRole(actorRole, member.role);
  const roles = ROLES.filter((r) => canAssignRole(actorRole, r));
  const selectId = `member-role-${member.id}`;
  const reasonId = `member-reason-${member.id}`;
  const reason = editable && lastOwner ? LAST_OWNER_REASON : canManage && !editable ? OWNER_ONLY_REASON : null;

  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="member">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{member.name || member.email}</span>
          {isSelf && <Badge tone="brand">You</Badge>}
        </div>
        {member.name && <div className="text-sm break-all text-zinc-600 dark:text-zinc-400">{member.email}</div>}
      </div>
      <div className="flex flex-col gap-1 sm:items-end">
        <div className="flex items-center gap-2">
          {editable ? (
            <>
              <label htmlFor={selectId} className="sr-only">
                Role for {member.email}
              </label>
              {/* The new role shows at once; it goes back (with an error toast) if refused. Not
                  disabled while saving, which would drop keyboard focus: a change then is ignored. */}
              <select
                id={selectId}
                className="input w-auto py-1.5 disabled:opacity-60"
                value={member.role}
                disabled={lastOwner}
                aria-busy={saving || undefined}
                aria-describedby={reason ? reasonId : undefined}
                onChange={(e) => {
                  if (!saving) onRoleChange(member, e.target.value as Role);
                }}
              >
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {roleLabel(r)}
                  </option>
                ))}
              </select>
              {!isSelf && (
                <button
                  type="button"
                  className="btn-secondary py-1.5"
                  onClick={() => onResetPassword(member)}
                  disabled={resetting}
                  aria-label={`Send ${member.email} a password reset link`}
                >
                  {resetting ? "Sending…" : "Reset password"}
                </button>
              )}
              <button
                type="button"
                className="btn-danger py-1.5"
                onClick={() => onRemove(member)}
                disabled={lastOwner}
                aria-label={`Remove ${member.email}`}
                aria-describedby={reason ? reasonId : undefined}
              >
                Remove
              </button>
            </>
          ) : (
            <Badge tone={member.role === "owner" ? "brand" : "neutral"}>{roleLabel(member.role)}</Badge>
          )}
        </div>
        {reason && (
          <p id={reasonId} className="max-w-xs text-xs text-zinc-500 sm:text-right dark:text-zinc-400">
            {reason}
          </p>
        )}
      </div>
    </li>
  );
}
