// GET /api/v1/projects — list projects, paginated (org:read)
// POST /api/v1/projects — create a project (org:write)
import { v1Route } from "@/lib/http/v1-route";
import { createProjectOperation, listProjectsOperation } from "@/lib/projects/operations";

export const GET = v1Route(listProjectsOperation);

export const POST = v1Route(createProjectOperation);
