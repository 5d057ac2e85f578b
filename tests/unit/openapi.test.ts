// The OpenAPI document is built from the operations' schemas, and every v1 route file's
// exported methods appear in it.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { v1Operations } from "@/lib/openapi/operations";

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? routeFiles(path.join(dir, d.name)) : d.name === "route.ts" ? [path.join(dir, d.name)] : [],
  );
}

/** app/api/v1/projects/[id]/route.ts -> /api/v1/projects/{id} */
function apiPath(file: string): string {
  const rel = path.relative("app", path.dirname(file)).split(path.sep).join("/");
  return "/" + rel.replace(/\[(\w+)\]/g, "{$1}");
}

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument("http://localhost:3000");

  it("is OpenAPI 3.1 with bearer auth", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("describes the OAuth authorization code flow for connected apps, each operation under its scope", () => {
    expect(doc.components.securitySchemes.oauth2.flows.authorizationCode).toMatchObject({
      authorizationUrl: "http://localhost:3000/oauth/authorize",
      tokenUrl: "http://localhost:3000/api/oauth/token",
    });
    expect(doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes).toHaveProperty("email:send");
    expect(doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes).not.toHaveProperty("*");
    const send = (doc.paths["/api/v1/email/send"] as Record<string, { security: unknown[] }>).post;
    expect(send.security).toContainEqual({ oauth2: ["email:send"] });
  });

  it("describes every method of every v1 route file", () => {
    const missing: string[] = [];
    for (const file of routeFiles("app/api/v1")) {
      const p = apiPath(file);
      if (p === "/api/v1/openapi.json" || file.includes("[...")) continue;
      const methods = [...readFileSync(file, "utf8").matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
      expect(methods.length, file).toBeGreaterThan(0);
      for (const m of methods) if (!(doc.paths[p] as Record<string, unknown> | undefined)?.[m.toLowerCase()]) missing.push(`${m} ${p}`);
    }
    expect(missing).toEqual([]);
  });

  it("lists each operation once, each with the handler its route runs", () => {
    const keys = v1Operations.map((op) => `${op.method} ${op.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    const withoutHandler = v1Operations
      .filter((op) => typeof (op as { handler?: unknown }).handler !== "function")
      .map((op) => `${op.method} ${op.path}`);
    expect(withoutHandler).toEqual([]);
  });

  it("generates request and response schemas from zod, with the scope", () => {
    const post = doc.paths["/api/v1/projects"].post as Record<string, any>;
    expect(post["x-required-scope"]).toBe("org:write");
    const body = post.requestBody.content["application/json"].schema;
    expect(body).toMatchObject({ type: "object", required: ["name"], properties: { name: { type: "string", maxLength: 100 } } });
    const ok = post.responses["201"].content["application/json"].schema;
    expect(ok.properties.data.properties).toHaveProperty("isDefault");
    expect(ok.properties.requestId).toBeDefined();
    const list = doc.paths["/api/v1/projects"].get as Record<string, any>;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(["page", "perPage"]);
    expect(list.responses["200"].content["application/json"].schema.properties).toHaveProperty("pagination");
  });
});
