// GET /api/safety/test-lists — {lists} (dashboard; safety.configure)
// POST /api/safety/test-lists — create a list {name, emails} -> 201 {list} (dashboard; safety.configure)
// DELETE /api/safety/test-lists?id= — {deleted} (dashboard; safety.configure)
import { z } from "zod";
import { legacyRoute } from "@/lib/http/legacy-route";
import { outcomeSchema } from "@/lib/http/wire";
import { createTestListSchema, testListIdQuerySchema, testListSchema } from "@/lib/safety/schemas";
import { createTestList, deleteTestList, listTestLists } from "@/lib/safety/test-lists";

export const GET = legacyRoute(
  { access: "session", permission: "safety.configure", response: z.object({ lists: z.array(testListSchema) }) },
  async ({ principal }) => ({
    body: { lists: await listTestLists({ orgId: principal.orgId }) },
  }),
);

export const POST = legacyRoute(
  { access: "session", permission: "safety.configure", body: createTestListSchema, response: z.object({ list: testListSchema }) },
  async ({ principal, body }) => ({
    body: { list: await createTestList({ orgId: principal.orgId, userId: principal.userId, input: body }) },
    status: 201,
  }),
);

export const DELETE = legacyRoute(
  { access: "session", permission: "safety.configure", query: testListIdQuerySchema, response: outcomeSchema("deleted") },
  async ({ principal, query }) => ({
    body: await deleteTestList({ orgId: principal.orgId, userId: principal.userId, id: query.id }),
  }),
);
