// TanStack hooks for templates (the v1 routes /api/v1/templates[/{id}[/versions|/preview]],
// called with the session cookie) and sending one (POST /api/email/send-templated).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CreateTemplateInput,
  PreviewTemplateInput,
  previewResultSchema,
  SendTemplatedInput,
  TemplatedResult,
  templateSchema,
  templateVersionSchema,
  UpdateTemplateInput,
} from "@/lib/templates/schemas";
import { fetchJson, fetchV1, fetchV1Page } from "@/hooks/fetch-json";
import { INLINE_ERROR } from "@/hooks/mutation-meta";

export type Template = z.output<typeof templateSchema>;
export type TemplateVersion = z.output<typeof templateVersionSchema>;
export type TemplatePreview = z.output<typeof previewResultSchema>;
export type { TemplatedResult };

export const templatesQueryKey = ["templates"] as const;
const currentKey = (id: string) => [...templatesQueryKey, "one", id, "current"] as const;

const v1Url = (id?: string) => (id ? `/api/v1/templates/${encodeURIComponent(id)}` : "/api/v1/templates");

/** One page of templates, newest first, each with its current version. */
export function useTemplates(page: number, perPage: number) {
  return useQuery({
    queryKey: [...templatesQueryKey, "list", page, perPage],
    queryFn: () => fetchV1Page<Template>(`${v1Url()}?page=${page}&perPage=${perPage}`),
    placeholderData: keepPreviousData,
  });
}

/** The template at its current version. */
export function useTemplate(id: string) {
  return useQuery({ queryKey: currentKey(id), queryFn: () => fetchV1<Template>(v1Url(id)) });
}

export function useTemplateVersions(id: string, page: number, perPage: number) {
  return useQuery({
    queryKey: [...templatesQueryKey, "versions", id, page, perPage],
    queryFn: () => fetchV1Page<TemplateVersion>(`${v1Url(id)}/versions?page=${page}&perPage=${perPage}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * The server's rendering with sample values, so what is shown is what a send produces. The
 * previous preview stays on screen while the next one renders. Null input: nothing to ask yet.
 */
export function useTemplatePreview(id: string, input: PreviewTemplateInput | null) {
  return useQuery({
    queryKey: [...templatesQueryKey, "preview", id, input],
    queryFn: () => fetchV1<TemplatePreview>(`${v1Url(id)}/preview`, { method: "POST", body: input }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTemplateInput) => fetchV1<Template>(v1Url(), { method: "POST", body: input }),
    // The editor shows the refusal by field and in full.
    meta: INLINE_ERROR,
    // Its page opens next: seeded, so it shows at once.
    onSuccess: (created) => {
      queryClient.setQueryData(currentKey(created.id), created);
      return queryClient.invalidateQueries({ queryKey: [...templatesQueryKey, "list"] });
    },
  });
}

/** A content change adds a version; the answer is the template at its new current version. */
export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateTemplateInput }) =>
      fetchV1<Template>(v1Url(id), { method: "PATCH", body: input }),
    // The editor shows the refusal by field and in full.
    meta: INLINE_ERROR,
    // The answer is the new current version: in the cache at once, so the editor never
    // compares itself with the version before the save.
    onSuccess: (saved) => {
      queryClient.setQueryData(currentKey(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => fetchV1<{ id: string; deleted: true }>(v1Url(id), { method: "DELETE" }),
    // Asked in a confirmation dialog, which shows the error.
    meta: INLINE_ERROR,
    // Only the list: refetching the deleted template's own queries would only answer 404.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...templatesQueryKey, "list"] }),
  });
}

/** Sends the template to each recipient; one result per recipient, refusals included. */
export function useSendTemplated() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendTemplatedInput) => fetchJson<TemplatedResult[]>("/api/email/send-templated", { method: "POST", body: input }),
    // The test-send form shows the refusal with what to do about it.
    meta: INLINE_ERROR,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["audit"] }),
  });
}
