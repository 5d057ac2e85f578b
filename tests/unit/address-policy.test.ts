import { describe, expect, it } from "vitest";
import { addressRange, isPublicAddress } from "@/lib/net/address-policy";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3", // loopback
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1", // RFC 1918
    "169.254.169.254",
    "169.254.0.1", // link-local, incl. cloud metadata
    "100.64.0.1", // CGNAT
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.1",
    "198.18.0.1",
    "240.0.0.1",
    "::1",
    "::",
    "fc00::1",
    "fd12::1",
    "fe80::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::7f00:1", // IPv4-compatible (deprecated)
    "::ffff:0:7f00:1",
    "64:ff9b::a00:1",
    "2002:7f00:1::",
    "2001::1",
    "2001:db8::1", // embedding / documentation
  ])("refuses %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "::ffff:8.8.8.8", "2606:4700::1111", "2a00:1450:4001::1"])("accepts %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each(["", "localhost", "example.com", "1.2.3.4.5", "::g", "[::1]"])("refuses unparsable %j", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it("judges IPv4-mapped IPv6 as its IPv4 address", () => {
    expect(addressRange("::ffff:127.0.0.1")).toBe("loopback");
    expect(addressRange("::ffff:10.0.0.1")).toBe("private");
    expect(addressRange("::ffff:8.8.8.8")).toBe("unicast");
    expect(addressRange("nope")).toBeNull();
  });
});
