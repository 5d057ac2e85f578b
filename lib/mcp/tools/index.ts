// Every tool the MCP endpoint offers, in the order tools/list shows them.
import type { McpTool } from "@/lib/mcp/define-tool";
import { scheduleEmailTool, sendEmailTool, updateScheduledEmailTool } from "@/lib/mcp/tools/email";
import { analyticsSummaryTool, getMessageTool, listMessagesTool } from "@/lib/mcp/tools/analytics";
import { listProvidersTool } from "@/lib/mcp/tools/providers";
import { createWebhookEndpointTool, listWebhookEndpointsTool, updateWebhookEndpointTool } from "@/lib/mcp/tools/webhooks";
import { listTemplatesTool, renderTemplateTool } from "@/lib/mcp/tools/templates";

export const MCP_TOOLS: readonly McpTool[] = [
  sendEmailTool,
  scheduleEmailTool,
  updateScheduledEmailTool,
  listMessagesTool,
  getMessageTool,
  analyticsSummaryTool,
  listProvidersTool,
  listWebhookEndpointsTool,
  createWebhookEndpointTool,
  updateWebhookEndpointTool,
  listTemplatesTool,
  renderTemplateTool,
];
