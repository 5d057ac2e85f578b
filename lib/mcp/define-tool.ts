// An MCP tool is a v1 operation offered to MCP clients: the operation gives the scope, the
// project rule and the response schema; the tool's arguments are the operation's own input
// schemas. A tool is built from the operation (operation-tool.ts), so it calls the operation's
// own handler; defineTool is for the tools whose arguments go beyond the operation's (the send
// tools' idempotencyKey), which call the same lib/ function as the handler does.
import type { z } from "zod";
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { OperationSpec, V1Result } from "@/lib/http/operation";
import type { Principal } from "@/lib/auth/principal";

/** What the v1 route would put in its envelope: data, and pagination on paginated operations. */
export type ToolOutput = Pick<V1Result, "data" | "pagination">;

export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** The v1 operation this tool mirrors. */
  op: OperationSpec;
  /** The tool's arguments, validated by the tool itself (lib/mcp/run-tool.ts). */
  input: z.ZodType;
  annotations: ToolAnnotations;
  run(principal: Principal, args: unknown, requestId: string): Promise<ToolOutput>;
}

export function defineTool<S extends z.ZodType>(
  tool: Omit<McpTool, "input" | "run"> & {
    input: S;
    run: (principal: Principal, args: z.output<S>, requestId: string) => Promise<ToolOutput>;
  },
): McpTool {
  return tool as McpTool;
}

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
