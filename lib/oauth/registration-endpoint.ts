// POST /api/oauth/register: RFC 7591 dynamic client registration for public clients. Open to
// anyone (MCP clients register themselves), so it hands out nothing secret and is rate limited
// per client address.
import { AppError } from "@/lib/errors/app-error";
import { readJsonBody } from "@/lib/http/read-body";
import { hitFixedWindow } from "@/lib/rate-limit/fixed-window";
import { retryAfterHeader } from "@/lib/errors/too-many-requests";
import { log } from "@/lib/log";
import { withCors } from "@/lib/oauth/cors";
import { clientAddress } from "@/lib/http/client-address";
import { registerDynamicClient, RegistrationError } from "@/lib/oauth/register-client";
import { dynamicRegistrationSchema } from "@/lib/oauth/schemas";

/** Registrations one address may make per hour. */
export const REGISTRATIONS_PER_HOUR = 60;
const REGISTRATION_BODY_LIMIT = 64 * 1024;

const headers = { "cache-control": "no-store", pragma: "no-cache" };
const failure = (error: string, description: string, status = 400, extra: Record<string, string> = {}) =>
  Response.json({ error, error_description: description }, { status, headers: { ...headers, ...extra } });

export async function registrationEndpoint(req: Request): Promise<Response> {
  return withCors(await register(req));
}

async function register(req: Request): Promise<Response> {
  try {
    const rate = await hitFixedWindow(`oauth-register:${clientAddress(req.headers)}`, REGISTRATIONS_PER_HOUR, 3600);
    if (!rate.allowed)
      return failure(
        "invalid_request",
        "Too many client registrations from this address; try again later",
        429,
        retryAfterHeader(rate.retryAfter),
      );
    let raw: unknown;
    try {
      raw = await readJsonBody(req, REGISTRATION_BODY_LIMIT);
    } catch (err) {
      if (err instanceof AppError) return failure("invalid_client_metadata", err.message, err.status === 413 ? 413 : 400);
      throw err;
    }
    const parsed = dynamicRegistrationSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path.map(String).join(".") || "body";
      const code = field.startsWith("redirect_uris") ? "invalid_redirect_uri" : "invalid_client_metadata";
      return failure(code, `${field}: ${issue.message}`);
    }
    return Response.json(await registerDynamicClient(parsed.data), { status: 201, headers });
  } catch (err) {
    if (err instanceof RegistrationError) return failure(err.error, err.message);
    log.error("client registration failed", { err });
    return failure("server_error", "Internal server error", 500);
  }
}
