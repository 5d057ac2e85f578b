// One tool call, in the order of a v1 request: scope (and project binding), input, the lib/
// function, the response schema. Domain refusals come back as tool results with isError and
// the v1 error body; anything unexpected is logged and answered without details.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { AppError, validationError } from "@/lib/errors/app-error";
import { authorize } from "@/lib/auth/authorize";
import { assertStorable } from "@/lib/http/parse-input";
import { boundProjectOf, type Principal } from "@/lib/auth/principal";
import { toWire } from "@/lib/http/wire";
import { asAppError } from "@/lib/http/respond";
import type { McpTool } from "@/lib/mcp/define-tool";

function result(body: Record<string, unknown>, isError = false): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body, ...(isError && { isError }) };
}

function failure(err: unknown, tool: McpTool, requestId: string): CallToolResult {
  const e = asAppError(err, requestId, `MCP tool ${tool.name}`);
  return result({ error: e.message, code: e.code, requestId }, true);
}

export async function runTool(tool: McpTool, principal: Principal, args: unknown, requestId: string): Promise<CallToolResult> {
  try {
    authorize(principal, { scope: tool.op.scope, permission: tool.op.permission });
    if (tool.op.orgWide && boundProjectOf(principal)) {
      throw new AppError(
        "SCOPE_DENIED",
        "This API key is bound to one project; this tool acts on the whole organization (use a key without a project)",
      );
    }
    // Text PostgreSQL cannot store (NUL, lone surrogates) is refused as on v1.
    assertStorable(args, "arguments");
    const input = tool.input.safeParse(args ?? {});
    if (!input.success) throw validationError(input.error.issues, "arguments");
    const { data, pagination } = await tool.run(principal, input.data, requestId);
    return result({ data: toWire(tool.op.response, data), ...(tool.op.paginated && { pagination }) });
  } catch (err) {
    return failure(err, tool, requestId);
  }
}
