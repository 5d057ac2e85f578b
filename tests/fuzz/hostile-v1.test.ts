// Hostile input against every v1 operation, with query and body generated from the served
// OpenAPI document (GET /api/v1/openapi.json) and judged with the operations' zod schemas.
import { inject } from "vitest";
import { v1Routes } from "./support/catalogue";
import { schemasFromOpenApi } from "./support/generate";
import { hostileSuite } from "./support/hostile-suite";

let doc: Promise<Parameters<typeof schemasFromOpenApi>[0]> | null = null;
const openApi = () => (doc ??= fetch(`${inject("baseUrl")}/api/v1/openapi.json`).then((r) => r.json()));

hostileSuite("hostile input on v1 routes", v1Routes, async (route) => schemasFromOpenApi(await openApi(), route));
