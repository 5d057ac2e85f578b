// The rule for what of a provider's answer may be repeated to the tenant (http-provider.ts):
// the provider's documented error message only from its own official API host; from a custom
// base URL, the status alone. And connection failures in our own words, from codes only.
import { describe, expect, it } from "vitest";
import { providerApi } from "@/lib/providers/http-provider";
import { postmarkError } from "@/lib/providers/postmark/adapter";
import { connectionFailure } from "@/lib/providers/connection-failure";

const policy = { allowPrivate: false, subject: "provider host" };
const official = ["https://api.postmarkapp.com"];

describe("the official host", () => {
  it("is the default, or a base URL with the official origin; anything else is custom", () => {
    expect(providerApi("Postmark", undefined, official, policy).official).toBe(true);
    expect(providerApi("Postmark", "https://api.postmarkapp.com/", official, policy).official).toBe(true);
    for (const custom of [
      "https://proxy.example.com",
      "http://api.postmarkapp.com",
      "https://api.postmarkapp.com.evil.test",
      "https://api.postmarkapp.com:8443",
    ]) {
      expect(providerApi("Postmark", custom, official, policy).official, custom).toBe(false);
    }
  });
});

describe("error text", () => {
  const refusal = { ErrorCode: 300, Message: "Invalid 'To' address: 'nobody'." };
  it("keeps the provider's documented message from its official host", () => {
    const err = postmarkError({ official: true }, 422, refusal);
    expect(err.message).toBe("Postmark answered 422: Invalid 'To' address: 'nobody'. (ErrorCode 300)");
    expect(err.retryable).toBe(false);
  });
  it("says only the status for a custom host, with the same failover decision", () => {
    const err = postmarkError({ official: false }, 422, refusal);
    expect(err.message).toBe("Postmark answered 422");
    expect(err.retryable).toBe(false);
    expect(postmarkError({ official: false }, 422, { ErrorCode: 10, Message: "Bad token" })).toMatchObject({
      message: "Postmark answered 422",
      retryable: true,
    });
    // A body that is not Postmark's (a proxy's page, a metadata service) is never quoted, even from the official host.
    expect(postmarkError({ official: true }, 500, "<html>secret</html>").message).toBe("Postmark answered 500");
  });
  it("words connection failures from codes, never from the error's message", () => {
    const tls = Object.assign(new Error("Hostname/IP does not match certificate's altnames: DNS:internal.corp"), {
      code: "ERR_TLS_CERT_ALTNAME_INVALID",
    });
    expect(connectionFailure(tls, 15_000)).toBe("TLS failed (ERR_TLS_CERT_ALTNAME_INVALID)");
    expect(connectionFailure(Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:25"), { code: "ECONNREFUSED" }), 15_000)).toBe(
      "the connection was refused",
    );
    expect(connectionFailure(Object.assign(new Error("x"), { name: "TimeoutError" }), 15_000)).toBe("no answer within 15 s");
    expect(connectionFailure(new Error("banner: secret"), 15_000)).toBe("network error");
  });
});
