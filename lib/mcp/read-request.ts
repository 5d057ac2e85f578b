// The body of an MCP POST, read here once (size-capped) so the endpoint can see how many
// JSON-RPC requests it carries before anything runs, then handed to the SDK already parsed.
// A body that is not JSON is left to the SDK, which answers it with its JSON-RPC parse error.
import { isJsonContentType } from "@modelcontextprotocol/server";
import { AppError } from "@/lib/errors/app-error";
import { MAX_JSON_DEPTH, nestingDepth, readTextBody, SEND_BODY_LIMIT } from "@/lib/http/read-body";

/** send_email takes what POST /api/v1/email/send takes, attachments included. */
export const MCP_BODY_LIMIT = SEND_BODY_LIMIT;

/** A tool's arguments sit under a batch, a message and its params: as deep as a v1 body may go below that. */
const MAX_MCP_JSON_DEPTH = MAX_JSON_DEPTH + 4;

export interface McpBody {
  /** The request to hand to the SDK (its body still readable). */
  forward: Request;
  /** The parsed JSON body, when there is one. */
  parsed?: unknown;
}

export async function readMcpBody(req: Request): Promise<McpBody> {
  if (req.method.toUpperCase() !== "POST" || !isJsonContentType(req.headers.get("content-type"))) return { forward: req };
  const text = await readTextBody(req, MCP_BODY_LIMIT);
  const forward = new Request(req.url, { method: "POST", headers: req.headers, body: text, signal: req.signal });
  let parsed: unknown;
  try {
    parsed = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    return { forward };
  }
  if (parsed === undefined) return { forward };
  if (nestingDepth(parsed, MAX_MCP_JSON_DEPTH) > MAX_MCP_JSON_DEPTH) {
    throw new AppError("VALIDATION_ERROR", `JSON nested more than ${MAX_JSON_DEPTH} levels deep below a tool's arguments`, [
      { path: "body", message: "nested too deeply" },
    ]);
  }
  return { forward, parsed };
}

const isJsonRpcRequest = (m: unknown): boolean =>
  typeof m === "object" && m !== null && !Array.isArray(m) && typeof (m as { method?: unknown }).method === "string" && "id" in m;

/** How many JSON-RPC requests the body carries: each one of a batch is a request of its own. */
export function requestCount(parsed: unknown): number {
  return Array.isArray(parsed) ? parsed.filter(isJsonRpcRequest).length : 1;
}
