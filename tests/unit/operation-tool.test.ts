// An MCP tool built from a v1 operation takes the operation's inputs as one argument object
// and hands them to the operation's own handler split as the route would have parsed them.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import type { Principal } from "@/lib/auth/principal";
import { operationTool } from "@/lib/mcp/operation-tool";

const principal: Principal = {
  kind: "key",
  orgId: "org",
  projectId: null,
  keyId: "key",
  scopes: ["*"],
  rateLimitPerMinute: 60,
  allowBulk: false,
};
const text = { name: "t", title: "T", description: "d", annotations: {} };
const params = z.object({ id: z.string() });

describe("operationTool", () => {
  it("splits path parameters from the body and runs the handler", async () => {
    const op = defineOperation(
      {
        method: "PATCH",
        path: "/api/v1/things/{id}",
        summary: "s",
        tag: "t",
        scope: "webhooks:write",
        params,
        body: z.object({ name: z.string() }),
        response: z.unknown(),
      },
      async ({ params, body, query, requestId }) => ({ data: { params, body, query, requestId } }),
    );
    const tool = operationTool(op, text);
    expect(tool.input.safeParse({ id: "a", name: "b" }).success).toBe(true);
    expect(tool.input.safeParse({ id: "a", name: "b", other: 1 }).success).toBe(false);
    expect(await tool.run(principal, { id: "a", name: "b" }, "req_1")).toEqual({
      data: { params: { id: "a" }, body: { name: "b" }, query: {}, requestId: "req_1" },
    });
  });

  it("hands a query's arguments over as the query, with its pagination", async () => {
    const query = z.object({ page: z.coerce.number().default(1) }).strict();
    const op = defineOperation(
      {
        method: "GET",
        path: "/api/v1/things",
        summary: "s",
        tag: "t",
        scope: "webhooks:read",
        query,
        response: z.unknown(),
        paginated: true,
      },
      async ({ query }) => ({ data: [query], pagination: { page: query.page, perPage: 25, total: 1 } }),
    );
    const tool = operationTool(op, text);
    expect(tool.input).toBe(query);
    expect(await tool.run(principal, { page: 2 }, "req_1")).toEqual({
      data: [{ page: 2 }],
      pagination: { page: 2, perPage: 25, total: 1 },
    });
  });

  it("takes no arguments for an operation without inputs, and strict path parameters alone", () => {
    const none = defineOperation(
      { method: "GET", path: "/api/v1/none", summary: "s", tag: "t", scope: "org:read", response: z.unknown() },
      async () => ({ data: null }),
    );
    expect(operationTool(none, text).input.safeParse({ x: 1 }).success).toBe(false);
    const one = defineOperation(
      { method: "GET", path: "/api/v1/one/{id}", summary: "s", tag: "t", scope: "org:read", params, response: z.unknown() },
      async () => ({ data: null }),
    );
    expect(operationTool(one, text).input.safeParse({ id: "a" }).success).toBe(true);
    expect(operationTool(one, text).input.safeParse({ id: "a", x: 1 }).success).toBe(false);
  });
});
