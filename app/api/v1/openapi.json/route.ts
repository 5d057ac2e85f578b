// GET /api/v1/openapi.json — the OpenAPI 3.1 description of the v1 API (public).
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { env } from "@/lib/env";

export async function GET() {
  return Response.json(buildOpenApiDocument(env().APP_URL));
}
