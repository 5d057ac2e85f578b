// Where a domain's tracked links point (trackingBaseUrl: APP_URL with the tracking host in place
// of its host name, its scheme and port kept) and which host a request was made to
// (requestHostname: the Host header, lower-cased, without port; a client's own
// X-Forwarded-Host is not read without TRUST_PROXY).
import { describe, expect, it } from "vitest";
import { trackingBaseUrl } from "@/lib/tracking/instrument-html";
import { nearestValue, requestHostname } from "@/lib/http/request-host";

describe("trackingBaseUrl", () => {
  it("is APP_URL without a tracking host, and the tracking host with APP_URL's scheme and port with one", () => {
    expect(trackingBaseUrl({ appUrl: "https://mail.example.net", trackingHost: null })).toBe("https://mail.example.net");
    expect(trackingBaseUrl({ appUrl: "https://mail.example.net", trackingHost: "track.example.com" })).toBe("https://track.example.com");
    expect(trackingBaseUrl({ appUrl: "http://127.0.0.1:3456/", trackingHost: "track.example.test" })).toBe(
      "http://track.example.test:3456",
    );
    expect(trackingBaseUrl({ appUrl: "https://mail.example.net:443", trackingHost: "t.example.com" })).toBe("https://t.example.com");
  });
});

describe("requestHostname", () => {
  it("reads the Host header as a host name alone, and nothing that is not one", () => {
    expect(requestHostname(new Headers({ host: "Track.Example.COM:8443" }))).toBe("track.example.com");
    expect(requestHostname(new Headers({ host: "track.example.com." }))).toBe("track.example.com");
    expect(requestHostname(new Headers({ host: "[::1]:3000" }))).toBe("[::1]");
    expect(requestHostname(new Headers({ host: "a b" }))).toBeNull();
    expect(requestHostname(new Headers({ host: "evil.example/t/c" }))).toBe("evil.example"); // the name, never a path
    expect(requestHostname(new Headers())).toBeNull();
  });

  it("ignores a client's own X-Forwarded-Host when no trusted proxy is configured", () => {
    expect(requestHostname(new Headers({ host: "mail.example.net", "x-forwarded-host": "track.example.com" }))).toBe("mail.example.net");
  });

  it("reads, of a forwarded list, only the entry the nearest proxy wrote (the last), never a client's own first one", () => {
    expect(nearestValue("evil.example, track.example.com")).toBe("track.example.com");
    expect(nearestValue(" track.example.com ")).toBe("track.example.com");
    expect(nearestValue("")).toBeUndefined();
    expect(nearestValue(null)).toBeUndefined();
  });
});
