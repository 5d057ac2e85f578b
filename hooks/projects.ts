// TanStack hooks for the organization's projects (GET/POST /api/projects).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { projectSchema, CreateProjectInput } from "@/lib/projects/schemas";
import { fetchJson } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";

export type Project = z.output<typeof projectSchema>;

export const projectsQueryKey = ["projects"] as const;

export function useProjects() {
  return useQuery({
    queryKey: projectsQueryKey,
    queryFn: async () => (await fetchJson<{ projects: Project[] }>("/api/projects")).projects,
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => fetchJson<Project>("/api/projects", { method: "POST", body: input }),
    // The create dialog shows the refusal (a duplicate name, say) in its form.
    meta: INLINE_ERROR,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}
