import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema } from "@/lib/http/pagination";
import { createProjectSchema, projectSchema } from "@/lib/projects/schemas";

export const listProjectsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects",
  summary: "List the organization's projects (a project-bound key sees only its own)",
  tag: "Projects",
  scope: "org:read",
  query: pageQuerySchema,
  response: z.array(projectSchema),
  paginated: true,
});

export const createProjectOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects",
  summary: "Create a project",
  tag: "Projects",
  scope: "org:write",
  orgWide: true,
  body: createProjectSchema,
  response: projectSchema,
  status: 201,
});
