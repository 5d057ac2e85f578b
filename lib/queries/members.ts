// TanStack hooks for organization members (/api/org/members and /api/org/members/{id}).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Role } from "@/lib/auth/permissions";
import type { memberSchema, AddMemberInput } from "@/lib/members/schemas";
import { fetchJson } from "@/lib/queries/fetch-json";

export type Member = z.output<typeof memberSchema>;

export const membersQueryKey = ["members"] as const;

const memberUrl = (id: string) => `/api/org/members/${encodeURIComponent(id)}`;

export function useMembers() {
  return useQuery({
    queryKey: membersQueryKey,
    queryFn: async () => (await fetchJson<{ members: Member[] }>("/api/org/members")).members,
  });
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddMemberInput) => fetchJson<Member>("/api/org/members", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => fetchJson<Member>(memberUrl(id), { method: "PATCH", body: { role } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchJson<{ removed: true }>(memberUrl(id), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey }),
  });
}
