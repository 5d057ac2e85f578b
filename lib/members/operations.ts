import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema, pageWindow, paginated } from "@/lib/http/pagination";
import { memberSchema } from "@/lib/members/schemas";
import { countMembers, listMembers } from "@/lib/members/list-members";

export const listMembersOperation = defineOperation(
  {
    method: "GET",
    path: "/api/v1/organization/members",
    summary: "List the organization's members and their roles, oldest first",
    tag: "Organization",
    scope: "org:read",
    query: pageQuerySchema,
    response: z.array(memberSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const [items, total] = await Promise.all([
      listMembers({ orgId: principal.orgId, ...pageWindow(query) }),
      countMembers({ orgId: principal.orgId }),
    ]);
    return paginated(items, total, query);
  },
);
