// The MCP server for one request: a fresh McpServer whose tools act for the request's caller.
// Stateless by design (no MCP sessions): every request is authenticated on its own.
import { McpServer } from "@modelcontextprotocol/server";
import type { McpCaller } from "@/lib/mcp/authenticate";
import { MCP_TOOLS } from "@/lib/mcp/tools";
import { runTool } from "@/lib/mcp/run-tool";
import { advertised, outputSchemaOf } from "@/lib/mcp/tool-input";

const INSTRUCTIONS =
  "Mailroom sends email and reports what happened to it. Each tool mirrors a route of Mailroom's v1 REST API and needs the same scope. " +
  "Refusals come back as tool errors whose text is {error, code}: SCOPE_DENIED (the credential lacks the scope), VALIDATION_ERROR, NOT_FOUND, " +
  "TEST_MODE_RECIPIENT (test mode sends only to the organization's test lists) and the other v1 error codes.";

export function mcpServerFor({ principal, requestId }: McpCaller): McpServer {
  const server = new McpServer({ name: "mailroom", title: "Mailroom", version: "1.0.0" }, { instructions: INSTRUCTIONS });
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: advertised(tool.input),
        outputSchema: outputSchemaOf(tool.op),
        annotations: { title: tool.title, ...tool.annotations },
      },
      (args) => runTool(tool, principal, args, requestId),
    );
  }
  return server;
}
