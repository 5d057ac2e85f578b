// TanStack hooks for the organization (GET/PATCH /api/v1/organization, called with the session cookie).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { organizationSchema, UpdateOrganizationInput } from "@/lib/orgs/schemas";
import { fetchV1 } from "@/hooks/fetch-json";
import { projectsQueryKey } from "@/hooks/projects";

export type Organization = z.output<typeof organizationSchema>;

export const organizationQueryKey = ["organization"] as const;
const URL = "/api/v1/organization";

export function useOrganization() {
  return useQuery({
    queryKey: organizationQueryKey,
    queryFn: async () => fetchV1<Organization>(URL),
  });
}

/**
 * Rename, turn tracking on or off, or choose the default project. A switch (or the default
 * project select) changes at once and changes back if the server refuses.
 */
export function useUpdateOrganization({ inlineError = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { inlineError },
    mutationFn: async (input: UpdateOrganizationInput) => fetchV1<Organization>(URL, { method: "PATCH", body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: organizationQueryKey });
      const before = queryClient.getQueryData<Organization>(organizationQueryKey);
      // Retention shows what the server works out (the shorter of two settings): it waits for the answer.
      const { retention, ...shown } = input;
      if (before) queryClient.setQueryData<Organization>(organizationQueryKey, { ...before, ...shown });
      return { before };
    },
    onError: (_err, _input, context) => {
      if (context?.before) queryClient.setQueryData(organizationQueryKey, context.before);
    },
    onSuccess: (org) => queryClient.setQueryData(organizationQueryKey, org),
    // The projects' isDefault flags follow the organization's default project.
    onSettled: (_org, _err, input) => {
      if (input.defaultProjectId !== undefined) return queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}
