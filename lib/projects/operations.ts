import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema, pageWindow, paginated } from "@/lib/http/pagination";
import { createProjectSchema, projectSchema } from "@/lib/projects/schemas";
import { actorOf } from "@/lib/auth/principal";
import { listProjects } from "@/lib/projects/list-projects";
import { createProject } from "@/lib/projects/create-project";

export const listProjectsOperation = defineOperation(
  {
    method: "GET",
    path: "/api/v1/projects",
    summary: "List the organization's projects (a project-bound key sees only its own)",
    tag: "Projects",
    scope: "org:read",
    query: pageQuerySchema,
    response: z.array(projectSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const onlyProjectId = principal.kind === "key" ? principal.projectId : null;
    const { items, total } = await listProjects({ orgId: principal.orgId, onlyProjectId, ...pageWindow(query) });
    return paginated(items, total, query);
  },
);

export const createProjectOperation = defineOperation(
  {
    method: "POST",
    path: "/api/v1/projects",
    summary: "Create a project",
    tag: "Projects",
    scope: "org:write",
    orgWide: true,
    body: createProjectSchema,
    response: projectSchema,
    status: 201,
  },
  async ({ principal, body }) => ({
    data: await createProject({ orgId: principal.orgId, actor: actorOf(principal), input: body }),
  }),
);
