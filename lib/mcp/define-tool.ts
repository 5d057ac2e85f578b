// An MCP tool is a v1 operation offered to MCP clients: the operation gives the scope, the
// project rule and the response schema; the tool's arguments are the operation's own input
// schemas; `run` calls the same lib/ function the v1 route calls.
import type { z } from "zod";
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { Operation } from "@/lib/http/operation";
import type { Pagination } from "@/lib/http/pagination";
import type { Principal } from "@/lib/http/principal";

/** What the v1 route would put in its envelope: data, and pagination on paginated operations. */
export interface ToolOutput {
  data: unknown;
  pagination?: Pagination;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** The v1 operation this tool mirrors. */
  op: Operation;
  /** The tool's arguments, validated by the tool itself (lib/mcp/run-tool.ts). */
  input: z.ZodType;
  annotations: ToolAnnotations;
  run(principal: Principal, args: unknown): Promise<ToolOutput>;
}

export function defineTool<S extends z.ZodType>(tool: Omit<McpTool, "input" | "run"> & {
  input: S;
  run: (principal: Principal, args: z.output<S>) => Promise<ToolOutput>;
}): McpTool {
  return tool as McpTool;
}

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
