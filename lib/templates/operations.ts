import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema, pageWindow, paginated } from "@/lib/http/pagination";
import {
  createTemplateSchema,
  deletedTemplateSchema,
  getTemplateQuerySchema,
  previewResultSchema,
  previewTemplateSchema,
  sendTemplatedSchema,
  templatedResultsSchema,
  templateIdParamsSchema,
  templateSchema,
  templateVersionSchema,
  updateTemplateSchema,
} from "@/lib/templates/schemas";
import { toWire } from "@/lib/http/wire";
import { sendTemplated } from "@/lib/templates/send-templated";
import { idempotencyKeyOf, withIdempotency } from "@/lib/email/idempotency";
import { previewTemplate } from "@/lib/templates/preview-template";
import {
  createTemplate,
  deleteTemplate,
  getTemplateOrThrow,
  listTemplates,
  listTemplateVersions,
  updateTemplate,
} from "@/lib/templates/manage-templates";

const base = { tag: "Templates" } as const;

export const listTemplatesOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/templates",
    summary: "List templates, newest first, each with its current version",
    scope: "templates:read",
    query: pageQuerySchema,
    response: z.array(templateSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listTemplates({ orgId: principal.orgId, ...pageWindow(query) });
    return paginated(items, total, query);
  },
);

// Templates are shared by the whole organization: a key bound to one project may read and
// send them, not change them.
export const createTemplateOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/templates",
    summary: "Create a template (version 1); helpers other than if, unless, each, with and lookup, partials and syntax errors are refused",
    scope: "templates:write",
    orgWide: true,
    body: createTemplateSchema,
    response: templateSchema,
    status: 201,
  },
  async ({ principal, body }) => ({
    data: await createTemplate({ principal, input: body }),
  }),
);

export const getTemplateOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/templates/{id}",
    summary: "Get one template: its current version, or the one ?version= names",
    scope: "templates:read",
    params: templateIdParamsSchema,
    query: getTemplateQuerySchema,
    response: templateSchema,
  },
  async ({ principal, params, query }) => ({
    data: await getTemplateOrThrow({ orgId: principal.orgId, id: params.id, version: query.version }),
  }),
);

export const updateTemplateOperation = defineOperation(
  {
    ...base,
    method: "PATCH",
    path: "/api/v1/templates/{id}",
    summary: "Change what the body names; a change to subject, html, text or variables adds a version and keeps the previous ones",
    scope: "templates:write",
    orgWide: true,
    params: templateIdParamsSchema,
    body: updateTemplateSchema,
    response: templateSchema,
  },
  async ({ principal, params, body }) => ({
    data: await updateTemplate({ principal, id: params.id, input: body }),
  }),
);

export const deleteTemplateOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/templates/{id}",
    summary: "Delete a template and all its versions",
    scope: "templates:write",
    orgWide: true,
    params: templateIdParamsSchema,
    response: deletedTemplateSchema,
  },
  async ({ principal, params }) => ({
    data: await deleteTemplate({ principal, id: params.id }),
  }),
);

export const listTemplateVersionsOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/templates/{id}/versions",
    summary: "A template's version history, newest first",
    scope: "templates:read",
    params: templateIdParamsSchema,
    query: pageQuerySchema,
    response: z.array(templateVersionSchema),
    paginated: true,
  },
  async ({ principal, params, query }) => {
    const { items, total } = await listTemplateVersions({ orgId: principal.orgId, id: params.id, ...pageWindow(query) });
    return paginated(items, total, query);
  },
);

export const previewTemplateOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/templates/{id}/preview",
    summary: "Render a template with sample values (given, else defaults, else the variable's name); sends nothing",
    scope: "templates:read",
    params: templateIdParamsSchema,
    body: previewTemplateSchema,
    response: previewResultSchema,
  },
  async ({ principal, params, body }) => ({
    data: await previewTemplate({ orgId: principal.orgId, id: params.id, input: body }),
  }),
);

export const sendTemplatedOperation = defineOperation(
  {
    method: "POST",
    path: "/api/v1/email/send-templated",
    summary:
      "Render a template and send it to each recipient as its own message; one result per recipient (Idempotency-Key header supported)",
    tag: "Email",
    scope: "email:send",
    body: sendTemplatedSchema,
    response: templatedResultsSchema,
    readsRequest: true,
  },
  async ({ req, principal, body }) => ({
    data: await withIdempotency(principal.orgId, idempotencyKeyOf(req), body, async () =>
      toWire(templatedResultsSchema, await sendTemplated({ principal, input: body })),
    ),
  }),
);
