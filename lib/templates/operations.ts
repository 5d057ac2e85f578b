import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema } from "@/lib/http/pagination";
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

const base = { tag: "Templates" } as const;

export const listTemplatesOperation = defineOperation({
  ...base,
  method: "GET",
  path: "/api/v1/templates",
  summary: "List templates, newest first, each with its current version",
  scope: "templates:read",
  query: pageQuerySchema,
  response: z.array(templateSchema),
  paginated: true,
});

// Templates are shared by the whole organization: a key bound to one project may read and
// send them, not change them.
export const createTemplateOperation = defineOperation({
  ...base,
  method: "POST",
  path: "/api/v1/templates",
  summary: "Create a template (version 1); helpers other than if, unless, each, with and lookup, partials and syntax errors are refused",
  scope: "templates:write",
  orgWide: true,
  body: createTemplateSchema,
  response: templateSchema,
  status: 201,
});

export const getTemplateOperation = defineOperation({
  ...base,
  method: "GET",
  path: "/api/v1/templates/{id}",
  summary: "Get one template: its current version, or the one ?version= names",
  scope: "templates:read",
  params: templateIdParamsSchema,
  query: getTemplateQuerySchema,
  response: templateSchema,
});

export const updateTemplateOperation = defineOperation({
  ...base,
  method: "PATCH",
  path: "/api/v1/templates/{id}",
  summary: "Change what the body names; a change to subject, html, text or variables adds a version and keeps the previous ones",
  scope: "templates:write",
  orgWide: true,
  params: templateIdParamsSchema,
  body: updateTemplateSchema,
  response: templateSchema,
});

export const deleteTemplateOperation = defineOperation({
  ...base,
  method: "DELETE",
  path: "/api/v1/templates/{id}",
  summary: "Delete a template and all its versions",
  scope: "templates:write",
  orgWide: true,
  params: templateIdParamsSchema,
  response: deletedTemplateSchema,
});

export const listTemplateVersionsOperation = defineOperation({
  ...base,
  method: "GET",
  path: "/api/v1/templates/{id}/versions",
  summary: "A template's version history, newest first",
  scope: "templates:read",
  params: templateIdParamsSchema,
  query: pageQuerySchema,
  response: z.array(templateVersionSchema),
  paginated: true,
});

export const previewTemplateOperation = defineOperation({
  ...base,
  method: "POST",
  path: "/api/v1/templates/{id}/preview",
  summary: "Render a template with sample values (given, else defaults, else the variable's name); sends nothing",
  scope: "templates:read",
  params: templateIdParamsSchema,
  body: previewTemplateSchema,
  response: previewResultSchema,
});

export const sendTemplatedOperation = defineOperation({
  method: "POST",
  path: "/api/v1/email/send-templated",
  summary: "Render a template and send it to each recipient as its own message; one result per recipient (Idempotency-Key header supported)",
  tag: "Email",
  scope: "email:send",
  body: sendTemplatedSchema,
  response: templatedResultsSchema,
});
