// A tool built from a v1 operation: its arguments are the operation's inputs as one object
// (the query; the body; the path parameters, with the body beside them), and a call runs the
// operation's own handler with them, so the tool and the route cannot drift apart.
import { z } from "zod";
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import type { Operation, OperationContext, OperationSpec } from "@/lib/http/operation";
import type { Principal } from "@/lib/auth/principal";
import { emptyArguments, paramsAndBody } from "@/lib/mcp/tool-input";
import type { McpTool, ToolOutput } from "@/lib/mcp/define-tool";

interface ToolText {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
}

const objectOf = (schema: z.ZodType | undefined, what: string): z.ZodObject => {
  if (!(schema instanceof z.ZodObject)) throw new Error(`An MCP tool needs the operation's ${what} as an object schema`);
  return schema;
};

/** The tool's argument schema: one strict object holding everything the route takes. */
function argumentsOf(op: OperationSpec): z.ZodType {
  if (op.query && op.body) throw new Error(`${op.method} ${op.path}: a tool cannot take both a query and a body`);
  if (op.params) {
    const params = objectOf(op.params, "params");
    // A path parameter on v1, so its schema need not refuse other keys; an argument object must.
    return op.body
      ? paramsAndBody(params, objectOf(op.body, "body"))
      : op.query
        ? params.extend(objectOf(op.query, "query").shape).strict()
        : params.strict();
  }
  return op.body ?? op.query ?? emptyArguments;
}

/** The arguments split back into what the route would have parsed from the path, the query and the body. */
function inputsOf(op: OperationSpec, args: Record<string, unknown>) {
  const paramKeys = op.params ? Object.keys(objectOf(op.params, "params").shape) : [];
  const params = Object.fromEntries(Object.entries(args).filter(([k]) => paramKeys.includes(k)));
  const rest = Object.fromEntries(Object.entries(args).filter(([k]) => !paramKeys.includes(k)));
  return { params, query: op.query ? rest : {}, body: op.body ? rest : undefined };
}

export function operationTool<S extends OperationSpec & { readsRequest?: undefined; produces?: undefined }>(
  op: Operation<S>,
  text: ToolText,
): McpTool {
  return {
    ...text,
    op,
    input: argumentsOf(op),
    async run(principal: Principal, args: unknown, requestId: string): Promise<ToolOutput> {
      const context = { principal, requestId, ...inputsOf(op, args as Record<string, unknown>) } as OperationContext<S>;
      const result = await op.handler(context);
      // Excluded by the type (no `produces`); a guard, not a path.
      if (result instanceof Response) throw new Error(`${op.method} ${op.path} answers a file, not a tool result`);
      return { data: result.data, pagination: result.pagination };
    },
  };
}
