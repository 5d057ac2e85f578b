"use client";

import { canAssignRole, type Role } from "@/lib/auth/permissions";
import { useInvitations, useRevokeInvitation } from "@/hooks/members";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { QueryState } from "@/components/ui/query-state";
import { roleLabel } from "@/components/members/role-descriptions";

/** Invitations sent and not yet accepted: who, which role, who invited, until when; Revoke where the role may. */
export function PendingInvitations({ actorRole, canManage }: { actorRole: Role; canManage: boolean }) {
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  return (
    <QueryState query={invitations} loading={null} isEmpty={(data) => data.length === 0} empty={null}>
      {(data) => (
        <section className="mt-8" aria-labelledby="pending-invitations">
          <h2 id="pending-invitations" className="mb-3 text-base font-semibold">
            Pending invitations
          </h2>
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
            {data.map((inv) => (
              <li
                key={inv.id}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="invitation"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-all">{inv.email}</span>
                    <Badge>{roleLabel(inv.role)}</Badge>
                  </div>
                  <div className="text-sm text-zinc-600 dark:text-zinc-400">
                    {inv.invitedBy ? `Invited by ${inv.invitedBy}` : "Invited"} on <DateText value={inv.createdAt} />; the link works until{" "}
                    <DateText value={inv.expiresAt} show="time" />.
                  </div>
                </div>
                {canManage && canAssignRole(actorRole, inv.role) && (
                  <button
                    type="button"
                    className="btn-danger py-1.5"
                    onClick={() => revoke.mutate(inv.id)}
                    disabled={revoke.isPending && revoke.variables === inv.id}
                    aria-label={`Revoke the invitation to ${inv.email}`}
                  >
                    {revoke.isPending && revoke.variables === inv.id ? "Revoking…" : "Revoke"}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </QueryState>
  );
}
