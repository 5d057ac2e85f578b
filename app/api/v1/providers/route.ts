// GET /api/v1/providers — read-only list of providers (providers:read)
import { v1Route } from "@/lib/http/v1-route";
import { listProvidersOperation } from "@/lib/providers/operations";

export const GET = v1Route(listProvidersOperation);
