// TanStack hooks for organization members (/api/org/members and /api/org/members/{id}) and
// pending invitations (/api/org/invitations).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Role } from "@/lib/auth/permissions";
import type { memberSchema, AddMemberInput } from "@/lib/members/schemas";
import type { InviteMemberInput, invitationSchema, linkSentSchema } from "@/lib/account-links/schemas";
import { fetchJson } from "@/hooks/fetch-json";
import { INLINE_ERROR, successToast } from "@/hooks/mutation-meta";
import { applyOptimistic } from "@/hooks/optimistic";

export type Member = z.output<typeof memberSchema>;
export type Invitation = z.output<typeof invitationSchema>;
type LinkSent = z.output<typeof linkSentSchema>;

export const membersQueryKey = ["members"] as const;
export const invitationsQueryKey = ["invitations"] as const;

const memberUrl = (id: string) => `/api/org/members/${encodeURIComponent(id)}`;

export function useMembers() {
  return useQuery({
    queryKey: membersQueryKey,
    queryFn: async () => (await fetchJson<{ members: Member[] }>("/api/org/members")).members,
  });
}

/** The add dialog shows the refusal (an address already taken, say) in its form. */
export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddMemberInput) => fetchJson<Member>("/api/org/members", { method: "POST", body: input }),
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}

/** From the role picker in the list: shown at once, put back (with an error toast) if refused. */
export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => fetchJson<Member>(memberUrl(id), { method: "PATCH", body: { role } }),
    meta: {
      errorTitle: "Could not change the role",
      ...successToast((saved: Member) => `Role changed to ${saved.role}: ${saved.name || saved.email}`),
    },
    onMutate: ({ id, role }) =>
      applyOptimistic<Member[]>(queryClient, membersQueryKey, (list) => list.map((m) => (m.id === id ? { ...m, role } : m))),
    onError: (_error, _variables, undo) => undo?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}

/** Asked in a confirmation dialog, which shows the error. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ removed: true }>(memberUrl(id), { method: "DELETE" }),
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}

/** The invite dialog shows the refusal (already a member, no system mail) in its form. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMemberInput) => fetchJson<LinkSent>("/api/org/invitations", { method: "POST", body: input }),
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}

export function useInvitations() {
  return useQuery({
    queryKey: invitationsQueryKey,
    queryFn: async () => (await fetchJson<{ invitations: Invitation[] }>("/api/org/invitations")).invitations,
  });
}

/** From an invitation's row: its link opens nothing afterwards; the outcome is a toast. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ revoked: true }>(`/api/org/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
    meta: { errorTitle: "Could not revoke the invitation", ...successToast(() => "Invitation revoked: its link no longer works") },
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}

/** From a member's row: the link goes to the member's own address; the outcome is a toast. */
export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (id: string) => fetchJson<LinkSent>(`${memberUrl(id)}/password-reset`, { method: "POST" }),
    meta: { errorTitle: "Could not send a reset link", ...successToast((sent: LinkSent) => `A password reset link went to ${sent.email}`) },
  });
}
