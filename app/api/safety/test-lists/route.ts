// GET /api/safety/test-lists — {lists} (dashboard; safety.configure)
// POST /api/safety/test-lists — create a list {name, emails} -> 201 {list} (dashboard; safety.configure)
// DELETE /api/safety/test-lists?id= — {deleted} (dashboard; safety.configure)
import { z } from "zod";
import { legacyRoute } from "@/lib/http/legacy-route";
import { toWire } from "@/lib/http/wire";
import { createTestListSchema, testListIdQuerySchema, testListSchema } from "@/lib/safety/schemas";
import { createTestList, deleteTestList, listTestLists } from "@/lib/safety/test-lists";

export const GET = legacyRoute({ access: "session", permission: "safety.configure" }, async ({ principal }) => ({
  body: { lists: toWire(z.array(testListSchema), await listTestLists({ orgId: principal.orgId })) },
}));

export const POST = legacyRoute(
  { access: "session", permission: "safety.configure", body: createTestListSchema },
  async ({ principal, body }) => ({
    body: { list: toWire(testListSchema, await createTestList({ orgId: principal.orgId, userId: principal.userId, input: body })) },
    status: 201,
  }),
);

export const DELETE = legacyRoute(
  { access: "session", permission: "safety.configure", query: testListIdQuerySchema },
  async ({ principal, query }) => ({
    body: await deleteTestList({ orgId: principal.orgId, userId: principal.userId, id: query.id }),
  }),
);
