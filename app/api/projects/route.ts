// GET /api/projects — the organization's projects (dashboard)
// POST /api/projects — create one (dashboard; org.manage)
import { z } from "zod";
import { legacyRoute } from "@/lib/http/legacy-route";
import { actorOf } from "@/lib/auth/principal";
import { createProjectSchema, projectSchema } from "@/lib/projects/schemas";
import { listProjects } from "@/lib/projects/list-projects";
import { createProject } from "@/lib/projects/create-project";

export const GET = legacyRoute(
  { access: "session", permission: "org.view", response: z.object({ projects: z.array(projectSchema) }) },
  async ({ principal }) => {
    const { items } = await listProjects({ orgId: principal.orgId });
    return { body: { projects: items } };
  },
);

export const POST = legacyRoute(
  { access: "session", permission: "org.manage", body: createProjectSchema, response: projectSchema },
  async ({ principal, body }) => {
    const project = await createProject({ orgId: principal.orgId, actor: actorOf(principal), input: body });
    return { body: project, status: 201 };
  },
);
