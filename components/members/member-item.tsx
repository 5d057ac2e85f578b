"use client";

import { ROLES, canAssignRole, type Role } from "@/lib/auth/permissions";
import type { Member } from "@/lib/queries/members";
import { Badge } from "@/components/ui/badge";
import { roleLabel } from "@/components/members/role-descriptions";

interface MemberItemProps {
  member: Member;
  actorRole: Role;
  canManage: boolean;
  isSelf: boolean;
  saving: boolean;
  onRoleChange: (member: Member, role: Role) => void;
  onRemove: (member: Member) => void;
}

/** One member: who they are, their role (a picker where the signed-in role may change it) and Remove. */
export function MemberItem({ member, actorRole, canManage, isSelf, saving, onRoleChange, onRemove }: MemberItemProps) {
  // Admins may not touch owners; the server enforces the same rule (canAssignRole).
  const editable = canManage && canAssignRole(actorRole, member.role);
  const roles = ROLES.filter((r) => canAssignRole(actorRole, r));
  const selectId = `member-role-${member.id}`;

  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{member.name || member.email}</span>
          {isSelf && <Badge tone="brand">You</Badge>}
        </div>
        {member.name && <div className="text-sm break-all text-zinc-600 dark:text-zinc-400">{member.email}</div>}
      </div>
      <div className="flex items-center gap-2">
        {editable ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              Role for {member.email}
            </label>
            <select
              id={selectId}
              className="input w-auto py-1.5"
              value={member.role}
              disabled={saving}
              aria-busy={saving || undefined}
              onChange={(e) => onRoleChange(member, e.target.value as Role)}
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {roleLabel(r)}
                </option>
              ))}
            </select>
            <button type="button" className="btn-danger py-1.5" onClick={() => onRemove(member)} aria-label={`Remove ${member.email}`}>
              Remove
            </button>
          </>
        ) : (
          <span title={canManage ? "Only an owner can change an owner." : undefined}>
            <Badge tone={member.role === "owner" ? "brand" : "neutral"}>{roleLabel(member.role)}</Badge>
          </span>
        )}
      </div>
    </li>
  );
}
