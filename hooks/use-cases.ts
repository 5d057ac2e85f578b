// TanStack hooks for the use case list (the v1 routes /api/v1/use-cases[/{id}], called with the
// session cookie), and for choosing the organization's default (PATCH /api/v1/organization).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateUseCaseInput, UpdateUseCaseInput, useCaseSchema } from "@/lib/use-cases/schemas";
import { fetchJson, fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";
import { organizationQueryKey, type Organization } from "@/hooks/organization";
import { toast } from "@/components/ui/toast";

export type UseCase = z.output<typeof useCaseSchema>;

export interface UseCaseListParams {
  page: number;
  perPage: number;
}

export const useCasesQueryKey = ["use-cases"] as const;

const v1Url = (id?: string) => (id ? `/api/v1/use-cases/${encodeURIComponent(id)}` : "/api/v1/use-cases");

export function listUrl({ page, perPage }: UseCaseListParams): string {
  return `${v1Url()}?${new URLSearchParams({ page: String(page), perPage: String(perPage) })}`;
}

/** One page, newest first; the previous page stays on screen while the next one loads. */
export function useUseCases(params: UseCaseListParams) {
  return useQuery({
    queryKey: [...useCasesQueryKey, "list", params],
    queryFn: async () => {
      return fetchV1Page<UseCase>(listUrl(params));
    },
    placeholderData: keepPreviousData,
  });
}

export function useCreateUseCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateUseCaseInput) => fetchV1<UseCase>(v1Url(), { method: "POST", body: input }),
    // The dialog shows the refusal.
    meta: INLINE_ERROR,
    onSuccess: (u) => {
      toast.success(`Use case created: ${u.name}`);
      return queryClient.invalidateQueries({ queryKey: [...useCasesQueryKey, "list"] });
    },
  });
}

export function useUpdateUseCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateUseCaseInput }) =>
      fetchV1<UseCase>(v1Url(id), { method: "PATCH", body: input }),
    // The dialog shows the refusal.
    meta: INLINE_ERROR,
    onSuccess: (u) => {
      toast.success(`Use case saved: ${u.name}`);
      return queryClient.invalidateQueries({ queryKey: [...useCasesQueryKey, "list"] });
    },
  });
}

export function useDeleteUseCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (u: UseCase) => fetchJson<{ data: { id: string; deleted: true } }>(v1Url(u.id), { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
    onSuccess: (_data, u) => {
      toast.success(`Use case deleted: ${u.name}`);
      // Deleting the default clears the organization's default too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...useCasesQueryKey, "list"] }),
        queryClient.invalidateQueries({ queryKey: organizationQueryKey }),
      ]);
    },
  });
}

/** One click in a row: the global error toast shows a refusal. */
export function useMakeDefaultUseCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (u: UseCase) =>
      fetchV1<Organization>("/api/v1/organization", { method: "PATCH", body: { defaultUseCaseId: u.id } }),
    meta: { errorTitle: "Could not change the default use case" },
    onSuccess: (org, u) => {
      queryClient.setQueryData(organizationQueryKey, org);
      toast.success(`Default use case: ${u.name}`);
      return queryClient.invalidateQueries({ queryKey: [...useCasesQueryKey, "list"] });
    },
  });
}
