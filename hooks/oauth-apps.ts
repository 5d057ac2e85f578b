// TanStack hooks for OAuth apps: the organization's registered apps (GET/POST /api/oauth-apps,
// DELETE /api/oauth-apps/{id}) and the signed-in user's connected apps (GET /api/connected-apps,
// DELETE /api/connected-apps/{id}).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AppView, ConnectedAppView, CreateAppInput } from "@/lib/oauth/schemas";
import { fetchJson } from "@/hooks/fetch-json";
import { INLINE_ERROR, successToast } from "@/hooks/mutation-meta";

// The answers' schemas (dates as ISO strings).
export type OAuthApp = AppView;
/** The register response: the secret (confidential apps) is in it once, never again. */
export type CreatedOAuthApp = OAuthApp & { clientSecret: string | null };
export type ConnectedApp = ConnectedAppView;

export const oauthAppsQueryKey = ["oauth-apps"] as const;
export const connectedAppsQueryKey = ["connected-apps"] as const;

const appUrl = (id?: string) => (id ? `/api/oauth-apps/${encodeURIComponent(id)}` : "/api/oauth-apps");
const connectedUrl = (id?: string) => (id ? `/api/connected-apps/${encodeURIComponent(id)}` : "/api/connected-apps");

export function useOAuthApps() {
  return useQuery({
    queryKey: oauthAppsQueryKey,
    queryFn: async () => (await fetchJson<{ apps: OAuthApp[] }>(appUrl())).apps,
  });
}

/**
 * The response may hold the client secret, shown once. It is never written into the query
 * cache (the list is refetched instead), and gcTime 0 drops it from the mutation cache as soon
 * as the caller stops observing it.
 */
export function useCreateOAuthApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAppInput) => fetchJson<CreatedOAuthApp>(appUrl(), { method: "POST", body: input }),
    gcTime: 0,
    // The register dialog shows the refusal in its form.
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauthAppsQueryKey }),
  });
}

export function useDeleteOAuthApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (app: OAuthApp) => fetchJson<{ deleted: true }>(appUrl(app.id), { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: { ...INLINE_ERROR, ...successToast((_data, app: OAuthApp) => `App deleted: ${app.name}`) },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: oauthAppsQueryKey }),
        // The deleting admin's own connection to it went too.
        queryClient.invalidateQueries({ queryKey: connectedAppsQueryKey }),
      ]),
  });
}

export function useConnectedApps() {
  return useQuery({
    queryKey: connectedAppsQueryKey,
    queryFn: async () => (await fetchJson<{ connectedApps: ConnectedApp[] }>(connectedUrl())).connectedApps,
  });
}

export function useRevokeConnectedApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connected: ConnectedApp) => fetchJson<{ revoked: true }>(connectedUrl(connected.id), { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: { ...INLINE_ERROR, ...successToast((_data, connected: ConnectedApp) => `Access revoked: ${connected.app.name}`) },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: connectedAppsQueryKey }),
        queryClient.invalidateQueries({ queryKey: oauthAppsQueryKey }),
      ]),
  });
}
