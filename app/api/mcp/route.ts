// POST /api/mcp — the MCP endpoint (Streamable HTTP, stateless): tools mirroring the v1 API,
// for an API key or OAuth access token only (docs/mcp.md).
// GET, DELETE /api/mcp — the transport's session operations; a stateless server answers 405.
import { serveMcp } from "@/lib/mcp/serve";

export const POST = serveMcp;
export const GET = serveMcp;
export const DELETE = serveMcp;
