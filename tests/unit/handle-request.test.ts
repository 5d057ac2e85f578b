// The request core: one request id per request, the family's error shape, the error's own
// headers (a 429's Retry-After), and a plain route's own answer left as it is.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { handleRequest, type Family } from "@/lib/http/handle-request";
import { legacyFamily, plainFamily, v1Family } from "@/lib/http/families";
import { tooManyRequests } from "@/lib/errors/too-many-requests";

const req = () => new Request("http://localhost/api/things?token=secret", { method: "POST" });
const plan = (family: Family) => ({ family, route: "POST /api/things", waitsForStart: false });

describe("handleRequest", () => {
  it("answers a v1 refusal as {error, code, requestId} with the error's Retry-After and the same id in X-Request-Id", async () => {
    const res = await handleRequest(req(), plan(v1Family), async (_id, headers) => {
      headers["X-RateLimit-Limit"] = "60";
      throw tooManyRequests("RATE_LIMITED", "slow down", 7.2);
    });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("8");
    expect(res.headers.get("x-ratelimit-limit")).toBe("60");
    const body = await res.json();
    expect(body).toEqual({ error: "slow down", code: "RATE_LIMITED", requestId: res.headers.get("x-request-id") });
    expect(body.requestId).toMatch(/^req_/);
  });

  it("answers a legacy refusal as {error, code}, and an invalid key as {error} alone in both families", async () => {
    const legacy = await handleRequest(req(), plan(legacyFamily), async () => {
      throw new AppError("NOT_FOUND", "Thing not found");
    });
    expect(legacy.status).toBe(404);
    expect(await legacy.json()).toEqual({ error: "Thing not found", code: "NOT_FOUND" });
    for (const family of [v1Family, legacyFamily]) {
      const res = await handleRequest(req(), plan(family), async () => {
        throw new AppError("INVALID_API_KEY", "Invalid API key");
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Invalid API key" });
    }
  });

  it("hands the handler X-Request-Id and the family's headers, and puts the family's headers on refusals too", async () => {
    const family: Family = { ...v1Family, headers: { "Cache-Control": "no-store" } };
    const ok = await handleRequest(req(), plan(family), async (requestId, headers) => Response.json({ requestId }, { headers }));
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect((await ok.json()).requestId).toBe(ok.headers.get("x-request-id"));
    const refused = await handleRequest(req(), plan(family), async () => {
      throw new AppError("UNAUTHORIZED", "no", undefined, { "WWW-Authenticate": "Bearer" });
    });
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("leaves a plain route's answer as it is, and answers what it throws as a 500 without details", async () => {
    const own = new Response("ok", { status: 202, headers: { "content-type": "text/plain" } });
    const res = await handleRequest(req(), plan(plainFamily), async (_id, headers) => {
      expect(headers).toEqual({});
      return own;
    });
    expect(res).toBe(own);
    expect(res.headers.get("x-request-id")).toBeNull();
    const failed = await handleRequest(req(), plan(plainFamily), async () => {
      throw new Error("an unexpected failure");
    });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: "Internal server error", code: "INTERNAL_ERROR" });
    expect(failed.headers.get("x-request-id")).toMatch(/^req_/);
  });
});
