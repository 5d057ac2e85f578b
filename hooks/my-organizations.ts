// TanStack hooks for the signed-in user's organizations (GET /api/account/organizations) and
// the switch between them (POST /api/account/organization).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/hooks/fetch-json";
import type { MyOrganization } from "@/lib/orgs/schemas";

export const myOrganizationsQueryKey = ["account", "organizations"] as const;

export function useMyOrganizations() {
  return useQuery({
    queryKey: myOrganizationsQueryKey,
    queryFn: async () => (await fetchJson<{ organizations: MyOrganization[] }>("/api/account/organizations")).organizations,
  });
}

/** Switches the session; on success every cached answer (the other organization's) is dropped. */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orgId: string) =>
      (await fetchJson<{ organization: MyOrganization }>("/api/account/organization", { method: "POST", body: { orgId } })).organization,
    meta: { errorTitle: "Could not switch organization" },
    onSuccess: () => queryClient.clear(),
  });
}
