// GET /api/v1/projects — list projects, paginated (org:read)
// POST /api/v1/projects — create a project (org:write)
import { v1Route } from "@/lib/http/v1-route";
import { actorOf } from "@/lib/http/principal";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { createProjectOperation, listProjectsOperation } from "@/lib/projects/operations";
import { listProjects } from "@/lib/projects/list-projects";
import { createProject } from "@/lib/projects/create-project";

export const GET = v1Route(listProjectsOperation, async ({ principal, query }) => {
  const onlyProjectId = principal.kind === "key" ? principal.projectId : null;
  const { items, total } = await listProjects({ orgId: principal.orgId, onlyProjectId, ...pageWindow(query) });
  return paginated(items, total, query);
});

export const POST = v1Route(createProjectOperation, async ({ principal, body }) => ({
  data: await createProject({ orgId: principal.orgId, actor: actorOf(principal), input: body }),
}));
