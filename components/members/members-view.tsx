"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useMembers, useRemoveMember, useSendPasswordReset, useUpdateMemberRole, type Member } from "@/hooks/members";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { MemberFormDialog } from "@/components/members/member-form-dialog";
import { MemberItem } from "@/components/members/member-item";
import { PendingInvitations } from "@/components/members/pending-invitations";

export function MembersView({ role, userId }: { role: Role; userId: string }) {
  const router = useRouter();
  const canManage = roleHas(role, "members.manage");
  const members = useMembers();
  const update = useUpdateMemberRole();
  const remove = useRemoveMember();
  const reset = useSendPasswordReset();
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);

  const owners = members.data?.filter((m) => m.role === "owner").length ?? 0;

  function changeRole(member: Member, next: Role) {
    // Changing your own role changes what this page may offer: re-read it from the server.
    update.mutate({ id: member.id, role: next }, { onSuccess: () => member.userId === userId && router.refresh() });
  }

  function closeRemove() {
    setRemoving(null);
    remove.reset();
  }

  function confirmRemove() {
    if (!removing) return;
    const self = removing.userId === userId;
    remove.mutate(removing.id, {
      onSuccess: () => {
        closeRemove();
        if (self) router.refresh();
      },
    });
  }

  return (
    <>
      <PageHeader
        title="Members"
        description="People who can sign in to this organization, and what their role lets them do."
        action={
          <div className="flex flex-wrap gap-2">
            <RestrictedAction allowed={canManage} reason="Only owners and admins can invite members." onClick={() => setInviting(true)}>
              Invite by email
            </RestrictedAction>
            <RestrictedAction
              allowed={canManage}
              reason="Only owners and admins can add or change members."
              onClick={() => setAdding(true)}
            >
              Add member
            </RestrictedAction>
          </div>
        }
      />

      <QueryState
        query={members}
        loading="Loading members…"
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState title="No members">
            {canManage ? "Add a member so they can sign in." : "Ask an owner or admin to add members."}
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
            {data.map((m) => (
              <MemberItem
                key={m.id}
                member={m}
                actorRole={role}
                canManage={canManage}
                isSelf={m.userId === userId}
                lastOwner={m.role === "owner" && owners === 1}
                saving={update.isPending && update.variables?.id === m.id}
                onRoleChange={changeRole}
                onRemove={setRemoving}
                onResetPassword={(m) => reset.mutate(m.id)}
                resetting={reset.isPending && reset.variables === m.id}
              />
            ))}
          </ul>
        )}
      </QueryState>

      {members.data?.length === 1 && canManage && (
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
          You are the only member so far. Use <strong>Add member</strong> to invite a teammate.
        </p>
      )}

      <PendingInvitations actorRole={role} canManage={canManage} />

      <MemberFormDialog kind="add" open={adding} onClose={() => setAdding(false)} actorRole={role} />
      <MemberFormDialog kind="invite" open={inviting} onClose={() => setInviting(false)} actorRole={role} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove member?"
        description={
          removing?.userId === userId ? (
            <>You are removing yourself: you will lose access to this organization.</>
          ) : (
            <>
              <strong>{removing?.email}</strong> will no longer be able to sign in to this organization.
            </>
          )
        }
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={closeRemove}
        onConfirm={confirmRemove}
      />
    </>
  );
}
