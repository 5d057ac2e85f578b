// GET /api/v1/openapi.json — the OpenAPI 3.1 description of the v1 API (public).
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { env } from "@/lib/env";
import { plainRoute } from "@/lib/http/plain-route";

export const GET = plainRoute(async () => Response.json(buildOpenApiDocument(env().APP_URL)), { waitsForStart: false });
