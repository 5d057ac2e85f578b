import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema, pageWindow, paginated } from "@/lib/http/pagination";
import {
  createUseCaseSchema,
  deletedUseCaseSchema,
  updateUseCaseSchema,
  useCaseIdParamsSchema,
  useCaseSchema,
} from "@/lib/use-cases/schemas";
import { createUseCase, deleteUseCase, getUseCaseOrThrow, listUseCases, updateUseCase } from "@/lib/use-cases/manage-use-cases";

const base = { tag: "Use cases" } as const;

export const listUseCasesOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/use-cases",
    summary: "List the organization's use cases (named sending purposes), newest first",
    scope: "use-cases:read",
    query: pageQuerySchema,
    response: z.array(useCaseSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listUseCases({ orgId: principal.orgId, ...pageWindow(query) });
    return paginated(items, total, query);
  },
);

// Use cases are shared by the whole organization: a key bound to one project may read and
// send with them, not change them.
export const createUseCaseOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/use-cases",
    summary: "Create a use case; its name is unique in the organization (409 CONFLICT otherwise)",
    scope: "use-cases:write",
    orgWide: true,
    body: createUseCaseSchema,
    response: useCaseSchema,
    status: 201,
  },
  async ({ principal, body }) => ({
    data: await createUseCase({ principal, input: body }),
  }),
);

export const getUseCaseOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/use-cases/{id}",
    summary: "Get one use case",
    scope: "use-cases:read",
    params: useCaseIdParamsSchema,
    response: useCaseSchema,
  },
  async ({ principal, params }) => ({
    data: await getUseCaseOrThrow({ orgId: principal.orgId, id: params.id }),
  }),
);

export const updateUseCaseOperation = defineOperation(
  {
    ...base,
    method: "PATCH",
    path: "/api/v1/use-cases/{id}",
    summary: "Rename a use case or change its description",
    scope: "use-cases:write",
    orgWide: true,
    params: useCaseIdParamsSchema,
    body: updateUseCaseSchema,
    response: useCaseSchema,
  },
  async ({ principal, params, body }) => ({
    data: await updateUseCase({ principal, id: params.id, input: body }),
  }),
);

export const deleteUseCaseOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/use-cases/{id}",
    summary: "Delete a use case; messages that named it keep none, and it stops being the organization's default",
    scope: "use-cases:write",
    orgWide: true,
    params: useCaseIdParamsSchema,
    response: deletedUseCaseSchema,
  },
  async ({ principal, params }) => ({
    data: await deleteUseCase({ principal, id: params.id }),
  }),
);
