// TanStack hooks for the use case list (the v1 routes /api/v1/use-cases[/{id}], called with the
// session cookie), and for choosing the organization's default (PATCH /api/v1/organization).
import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateUseCaseInput, UpdateUseCaseInput, useCaseSchema } from "@/lib/use-cases/schemas";
import { fetchJson, fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { organizationQueryKey, type Organization } from "@/hooks/organization";
import { v1Resource } from "@/hooks/v1-resource";

export type UseCase = z.output<typeof useCaseSchema>;

export interface UseCaseListParams {
  page: number;
  perPage: number;
}

export const useCasesQueryKey = ["use-cases"] as const;

const useCases = v1Resource("/api/v1/use-cases", useCasesQueryKey);
const v1Url = useCases.url;
const refreshList = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: [...useCasesQueryKey, "list"] });

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

// Made in a dialog, which shows the refusal.
export const useCreateUseCase = () =>
  useCases.useChange(
    async (input: CreateUseCaseInput) => fetchV1<UseCase>(v1Url(), { method: "POST", body: input }),
    (u) => `Use case created: ${u.name}`,
    { then: refreshList },
  );

export const useUpdateUseCase = () =>
  useCases.useChange(
    async ({ id, input }: { id: string; input: UpdateUseCaseInput }) => fetchV1<UseCase>(v1Url(id), { method: "PATCH", body: input }),
    (u) => `Use case saved: ${u.name}`,
    { then: refreshList },
  );

/** Asked in a confirmation dialog, which shows the error. Deleting the default clears the organization's default too. */
export const useDeleteUseCase = () =>
  useCases.useChange(
    (u: UseCase) => fetchJson<{ data: { id: string; deleted: true } }>(v1Url(u.id), { method: "DELETE" }),
    (_data, u) => `Use case deleted: ${u.name}`,
    { then: (queryClient) => Promise.all([refreshList(queryClient), queryClient.invalidateQueries({ queryKey: organizationQueryKey })]) },
  );

/** One click in a row: the global error toast shows a refusal. */
export const useMakeDefaultUseCase = () =>
  useCases.useChange(
    async (u: UseCase) => fetchV1<Organization>("/api/v1/organization", { method: "PATCH", body: { defaultUseCaseId: u.id } }),
    (_org, u) => `Default use case: ${u.name}`,
    {
      meta: { errorTitle: "Could not change the default use case" },
      then: (queryClient, org) => {
        queryClient.setQueryData(organizationQueryKey, org);
        return refreshList(queryClient);
      },
    },
  );
