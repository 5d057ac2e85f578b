import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema } from "@/lib/http/pagination";
import { memberSchema } from "@/lib/members/schemas";

export const listMembersOperation = defineOperation({
  method: "GET",
  path: "/api/v1/organization/members",
  summary: "List the organization's members and their roles, oldest first",
  tag: "Organization",
  scope: "org:read",
  query: pageQuerySchema,
  response: z.array(memberSchema),
  paginated: true,
});
