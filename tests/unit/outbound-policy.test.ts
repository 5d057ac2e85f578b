import { describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { LookupAddress } from "node:dns";
import {
  assertPublicHost,
  checkOutboundHost,
  checkOutboundUrl,
  guardedLookup,
  resolvePublicAddress,
  type LookupAll,
} from "@/lib/net/outbound-policy";

const webhook = (allowPrivate: boolean) => ({ allowPrivate, subject: "webhook host" });

// Injected DNS: the tests must not depend on real resolvers.
const dnsTable: Record<string, string[]> = {
  "hooks.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "internal.example.com": ["10.0.0.5"],
  "mixed.example.com": ["93.184.215.14", "169.254.169.254"],
  "mapped.example.com": ["::ffff:127.0.0.1"],
};
const lookup: LookupAll = async (host) => {
  const found = dnsTable[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};
const check = (raw: string, allowPrivate = false) => checkOutboundUrl(raw, { lookup, allowPrivate });

describe("checkOutboundUrl", () => {
  it.each([
    ["https://2130706433/", "127.0.0.1"],
    ["https://0x7f000001/", "127.0.0.1"],
    ["https://0177.0.0.1/", "127.0.0.1"],
    ["https://0x7f.1/", "127.0.0.1"],
    ["https://127.1/", "127.0.0.1"],
    ["https://[::1]/", "::1"],
    ["https://[::ffff:7f00:1]/", "::ffff:7f00:1"],
    ["https://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
    ["https://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["https://10.1.2.3:8443/hook", "10.1.2.3"],
    ["https://[fd12::1]/", "fd12::1"],
  ])("refuses IP literal %s (normalized to %s) without DNS", async (raw, ip) => {
    const result = await checkOutboundUrl(raw, { lookup: () => Promise.reject(new Error("DNS must not be used")) });
    expect(result).toEqual({ ok: false, reason: expect.stringContaining(`host ${ip} is a`), switchable: true });
  });

  it("names the kind of a literal address refused, but never a resolved one (that would map internal DNS)", async () => {
    expect(await check("https://127.0.0.1/")).toEqual({ ok: false, reason: "host 127.0.0.1 is a loopback address", switchable: true });
    expect(await check("https://internal.example.com/")).toEqual({
      ok: false,
      reason: "cannot reach internal.example.com: it does not resolve to a public address",
      switchable: true,
    });
  });

  it.each(["https://localhost/", "https://foo.localhost/", "https://LOCALHOST./x"])("refuses %s", async (raw) => {
    expect(await check(raw)).toMatchObject({ ok: false, reason: expect.stringMatching(/is a local name/) });
  });

  it("requires https unless private URLs are allowed (only plain http is what the switch lifts)", async () => {
    expect(await check("http://hooks.example.com/")).toEqual({ ok: false, reason: "URL must use https", switchable: true });
    expect(await check("ftp://hooks.example.com/")).toEqual({ ok: false, reason: "URL must use https", switchable: false });
    expect(await check("http://hooks.example.com/", true)).toMatchObject({ ok: true });
    expect(await check("ftp://hooks.example.com/", true)).toEqual({ ok: false, reason: "URL must use http or https" });
  });

  it("refuses credentials in the URL and garbage", async () => {
    expect(await check("https://user:pw@hooks.example.com/")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/username or password/),
    });
    expect(await check("https://user@hooks.example.com/")).toMatchObject({ ok: false });
    expect(await check("not a url")).toEqual({ ok: false, reason: "URL is not valid" });
  });

  it("refuses hostnames resolving to any non-public address", async () => {
    expect(await check("https://internal.example.com/")).toMatchObject({ ok: false });
    expect(await check("https://mixed.example.com/")).toEqual({
      ok: false,
      reason: "cannot reach mixed.example.com: it does not resolve to a public address",
      switchable: true,
    });
    expect(await check("https://mapped.example.com/")).toEqual({
      ok: false,
      reason: "cannot reach mapped.example.com: it does not resolve to a public address",
      switchable: true,
    });
  });

  it("accepts hostnames resolving only to public addresses and drops the fragment", async () => {
    const result = await check("https://hooks.example.com/in?x=1#frag");
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.url.href).toBe("https://hooks.example.com/in?x=1");
    expect(await check("https://8.8.8.8/")).toMatchObject({ ok: true });
    expect(await check("https://[2606:4700::1111]/")).toMatchObject({ ok: true });
  });

  it("refuses a host that does not resolve in the words a privately resolving one gets (no probing internal names)", async () => {
    expect(await check("https://nowhere.example.com/")).toEqual({
      ok: false,
      reason: "cannot reach nowhere.example.com: it does not resolve to a public address",
      switchable: true,
    });
  });

  it("allows private hosts when allowPrivate is set, without DNS", async () => {
    const noDns: LookupAll = () => Promise.reject(new Error("DNS must not be used"));
    for (const raw of ["http://localhost:3000/hook", "https://10.0.0.5/", "http://[::1]:8080/", "http://nowhere.example.com/"]) {
      expect(await checkOutboundUrl(raw, { allowPrivate: true, lookup: noDns })).toMatchObject({ ok: true });
    }
  });
});

describe("assertPublicHost", () => {
  it("throws EBLOCKED for non-public IP literals only", () => {
    expect(() => assertPublicHost(new URL("https://0x7f.1/"), webhook(false))).toThrow(expect.objectContaining({ code: "EBLOCKED" }));
    expect(() => assertPublicHost(new URL("https://[::ffff:10.0.0.1]/"), webhook(false))).toThrow(/private address/);
    expect(() => assertPublicHost(new URL("https://127.0.0.1/"), webhook(true))).not.toThrow();
    expect(() => assertPublicHost(new URL("https://8.8.8.8/"), webhook(false))).not.toThrow();
    // Hostnames are left to guardedLookup at connect time.
    expect(() => assertPublicHost(new URL("https://localhost/"), webhook(false))).not.toThrow();
  });
});

type LookupResult = { err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };
const callLookup = (allowPrivate: boolean, all: boolean) =>
  new Promise<LookupResult>((resolve) =>
    guardedLookup(webhook(allowPrivate))("localhost", { all }, (err, address, family) => resolve({ err, address, family })),
  );

describe("guardedLookup", () => {
  it("blocks localhost (from /etc/hosts) in both callback forms", async () => {
    for (const all of [false, true]) {
      const { err } = await callLookup(false, all);
      expect(err).toMatchObject({
        code: "EBLOCKED",
        message: "webhook host cannot reach localhost: it does not resolve to a public address",
      });
    }
  });

  it("refuses a name that does not resolve in the words a name resolving privately gets", async () => {
    for (const all of [false, true]) {
      const err = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
        guardedLookup(webhook(false))("nowhere.invalid", { all }, (e) => resolve(e)),
      );
      expect(err).toMatchObject({
        code: "EBLOCKED",
        message: "webhook host cannot reach nowhere.invalid: it does not resolve to a public address",
      });
    }
    await expect(resolvePublicAddress("nowhere.invalid", { allowPrivate: false, subject: "provider host" })).rejects.toMatchObject({
      code: "EBLOCKED",
      message: "provider host cannot reach nowhere.invalid: it does not resolve to a public address",
    });
  });

  it("passes addresses through when private addresses are allowed", async () => {
    const single = await callLookup(true, false);
    expect(single.err).toBeNull();
    expect(["127.0.0.1", "::1"]).toContain(single.address);
    expect([4, 6]).toContain(single.family);
    const all = await callLookup(true, true);
    expect(all.err).toBeNull();
    expect(Array.isArray(all.address) && all.address.length).toBeGreaterThan(0);
  });

  it("is what http.request connects through, end to end", async () => {
    const server = http.createServer((_req, res) => res.end("hello"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const get = (allowPrivate: boolean) =>
      new Promise<string>((resolve, reject) => {
        const req = http.request({ host: "localhost", port, lookup: guardedLookup(webhook(allowPrivate)) }, (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk)).on("end", () => resolve(body));
        });
        req.on("error", reject).end();
      });
    try {
      await expect(get(false)).rejects.toMatchObject({ code: "EBLOCKED" });
      await expect(get(true)).resolves.toBe("hello");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("checkOutboundHost (an SMTP relay's host)", () => {
  const host = (raw: string, allowPrivate = false) => checkOutboundHost(raw, { lookup, allowPrivate });
  it("refuses non-public literals, local names and names resolving to any non-public address", async () => {
    expect(await host("127.0.0.1")).toEqual({ ok: false, reason: "host 127.0.0.1 is a loopback address" });
    expect(await host("[::1]")).toEqual({ ok: false, reason: "host ::1 is a loopback address" });
    expect(await host("169.254.169.254")).toEqual({ ok: false, reason: "host 169.254.169.254 is a link-local address" });
    expect(await host("localhost")).toMatchObject({ ok: false, reason: expect.stringMatching(/local name/) });
    expect(await host("mixed.example.com")).toEqual({
      ok: false,
      reason: "cannot reach mixed.example.com: it does not resolve to a public address",
    });
    expect(await host("nowhere.example.com")).toEqual({
      ok: false,
      reason: "cannot reach nowhere.example.com: it does not resolve to a public address",
    });
  });
  it("accepts public hosts, and anything when private hosts are allowed", async () => {
    expect(await host("hooks.example.com")).toEqual({ ok: true });
    expect(await host("8.8.8.8")).toEqual({ ok: true });
    expect(await host("10.0.0.5", true)).toEqual({ ok: true });
  });
});

describe("resolvePublicAddress (for clients that connect to an address they are given)", () => {
  const provider = (allowPrivate: boolean) => ({ allowPrivate, subject: "provider host" });
  it("refuses a name resolving to loopback and a private literal; passes them when allowed", async () => {
    await expect(resolvePublicAddress("localhost", provider(false))).rejects.toMatchObject({
      code: "EBLOCKED",
      message: "provider host cannot reach localhost: it does not resolve to a public address",
    });
    await expect(resolvePublicAddress("10.0.0.1", provider(false))).rejects.toMatchObject({
      code: "EBLOCKED",
      message: "provider host 10.0.0.1 is a private address",
    });
    expect(["127.0.0.1", "::1"]).toContain(await resolvePublicAddress("localhost", provider(true)));
    expect(await resolvePublicAddress("8.8.8.8", provider(false))).toBe("8.8.8.8");
  });
});
