// Which address the per-address throttles count (lib/http/client-address.ts): the socket's
// (stamped by lib/http/peer-address.ts), or with TRUST_PROXY the first address from the right
// of X-Forwarded-For that no trusted proxy owns.
import { describe, expect, it } from "vitest";
import { clientAddress, proxyList } from "@/lib/http/client-address";
import { PEER_HEADER } from "@/lib/http/peer-address";

const peer = (address: string, extra: Record<string, string> = {}) => new Headers({ [PEER_HEADER]: address, ...extra });

describe("clientAddress", () => {
  it("without trusted proxies, is the socket's address whatever X-Forwarded-For or X-Real-IP say", () => {
    expect(clientAddress(peer("198.51.100.7", { "x-forwarded-for": "6.6.6.6", "x-real-ip": "7.7.7.7" }), null)).toBe("198.51.100.7");
    expect(clientAddress({ [PEER_HEADER]: "2001:db8::1", "x-forwarded-for": ["6.6.6.6"] }, null)).toBe("2001:db8::1");
  });

  it("with trusted proxies, reads X-Forwarded-For from the right past every trusted entry", () => {
    const proxies = proxyList(["127.0.0.1", "10.0.0.0/8", "fd00::/8"]);
    // The proxy at 127.0.0.1 appended the client; the client's own entry to the left is never read.
    expect(clientAddress(peer("127.0.0.1", { "x-forwarded-for": "6.6.6.6, 198.51.100.7" }), proxies)).toBe("198.51.100.7");
    // Two proxies in a chain (10.1.2.3 in front of 127.0.0.1), an IPv4-mapped entry among them.
    expect(clientAddress(peer("127.0.0.1", { "x-forwarded-for": "6.6.6.6, 198.51.100.7, ::ffff:10.1.2.3" }), proxies)).toBe("198.51.100.7");
    // A socket no trusted proxy owns is the client, whatever it forwarded.
    expect(clientAddress(peer("203.0.113.5", { "x-forwarded-for": "198.51.100.7" }), proxies)).toBe("203.0.113.5");
    // Every entry trusted: the leftmost is the nearest to a client there is.
    expect(clientAddress(peer("127.0.0.1", { "x-forwarded-for": "10.0.0.9" }), proxies)).toBe("10.0.0.9");
    expect(clientAddress(peer("127.0.0.1"), proxies)).toBe("127.0.0.1");
  });

  it("without a stamped socket address (a request that never came through the server), one shared bucket", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "198.51.100.7" }), null)).toBe("unknown");
    expect(clientAddress(undefined, null)).toBe("unknown");
  });
});
