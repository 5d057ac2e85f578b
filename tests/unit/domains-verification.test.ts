// Verification: judging what the DNS holds against each record, lookups answered in memory
// (absent names, lookup failures), and the status decided from the results.
import { describe, expect, it } from "vitest";
import { evaluateCname, evaluateDkim, evaluateDmarc, evaluateMx, evaluateSpf } from "@/lib/domains/evaluate-records";
import { checkRecords, type RecordCheck } from "@/lib/domains/check-records";
import { decideStatus, GRACE_MS, RECHECK_MS } from "@/lib/domains/decide-status";
import { recordsFor } from "@/lib/domains/dns-records";
import type { DnsResolver } from "@/lib/domains/dns-resolver";

const KEY = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + "x".repeat(300);

describe("judging records", () => {
  it("SPF: exactly one v=spf1 record that includes ours (or redirects to it)", () => {
    const inc = "_spf.mail.example.net";
    expect(evaluateSpf(["v=spf1 include:_spf.mail.example.net ~all"], inc, "example.com").ok).toBe(true);
    expect(
      evaluateSpf(["google-site-verification=x", "v=spf1 ip4:1.2.3.4 +include:_SPF.mail.example.net -all"], inc, "example.com").ok,
    ).toBe(true);
    expect(evaluateSpf(["v=spf1 redirect=_spf.mail.example.net"], inc, "example.com").ok).toBe(true);
    expect(evaluateSpf([], inc, "example.com")).toEqual({ ok: false, detail: expect.stringMatching(/No SPF record/) });
    expect(evaluateSpf(["v=spf1 include:other.example ~all"], inc, "example.com").detail).toMatch(
      /does not include _spf\.mail\.example\.net/,
    );
    expect(evaluateSpf(["v=spf1 include:_spf.mail.example.net.evil ~all"], inc, "example.com").ok).toBe(false);
    expect(evaluateSpf(["v=spf1 include:_spf.mail.example.net ~all", "v=spf1 -all"], inc, "example.com").detail).toMatch(/2 SPF records/);
  });

  it("SPF: only what receivers evaluate counts (terms before the first all; a redirect only without an all; a qualified include authorizes nothing)", () => {
    const inc = "_spf.mail.example.net";
    expect(evaluateSpf(["v=spf1 include:_spf.mail.example.net. ~all"], inc, "example.com").ok).toBe(true);
    expect(evaluateSpf(["v=spf1  ip4:1.2.3.4   include:_spf.mail.example.net  -all "], inc, "example.com").ok).toBe(true);
    const late = evaluateSpf(["v=spf1 -all include:_spf.mail.example.net"], inc, "example.com");
    expect(late).toEqual({ ok: false, detail: expect.stringMatching(/after its all term/) });
    expect(evaluateSpf(["v=spf1 ~all redirect=_spf.mail.example.net"], inc, "example.com").ok).toBe(false);
    expect(evaluateSpf(["v=spf1 -include:_spf.mail.example.net ~all"], inc, "example.com").ok).toBe(false);
    expect(evaluateSpf(["v=spf1 ~include:_spf.mail.example.net ~all"], inc, "example.com").ok).toBe(false);
    expect(evaluateSpf(["v=spf1 include:x_spf.mail.example.net ~all"], inc, "example.com").ok).toBe(false);
    expect(evaluateSpf(["v=spf1 a:_spf.mail.example.net ~all"], inc, "example.com").ok).toBe(false);
    // Not an SPF record at all (receivers discard it): no record, not a pass.
    expect(evaluateSpf([" v=spf1 include:_spf.mail.example.net ~all"], inc, "example.com").detail).toMatch(/No SPF record/);
    expect(evaluateSpf(["v=spf10 include:_spf.mail.example.net ~all"], inc, "example.com").detail).toMatch(/No SPF record/);
    // A record that is not SPF next to the one SPF record is fine; two SPF records in any case are not.
    expect(evaluateSpf(["V=SPF1 include:_spf.mail.example.net ~all", "v=spf1 -all"], inc, "example.com").detail).toMatch(/2 SPF records/);
  });

  it("DKIM: one key record whose p= is this domain's key (split strings and folding allowed)", () => {
    expect(evaluateDkim([`v=DKIM1; k=rsa; p=${KEY}`], KEY, "s._domainkey.example.com").ok).toBe(true);
    expect(evaluateDkim([`v=DKIM1;k=rsa;p=${KEY.slice(0, 100)} ${KEY.slice(100)}`], KEY, "s").ok).toBe(true);
    expect(evaluateDkim([`p=${KEY}`], KEY, "s").ok).toBe(true);
    expect(evaluateDkim([`v=DKIM1 ;\tk = rsa;\r\n p = ${KEY.slice(0, 60)}\t ${KEY.slice(60)} ;`, "some-other-txt=1"], KEY, "s").ok).toBe(
      true,
    );
    expect(evaluateDkim([], KEY, "s").detail).toMatch(/No DKIM key record/);
    expect(evaluateDkim([`v=DKIM1; k=rsa; p=${KEY}x`], KEY, "s").detail).toMatch(/not this domain's key/);
    expect(evaluateDkim(["v=DKIM1; k=rsa; p="], KEY, "s").detail).toMatch(/revoked/);
    expect(evaluateDkim([`v=DKIM1; k=ed25519; p=${KEY}`], KEY, "s").detail).toMatch(/k=ed25519/);
    expect(evaluateDkim([`v=DKIM1; p=${KEY}`, `v=DKIM1; p=${KEY}`], KEY, "s").detail).toMatch(/2 DKIM key records/);
  });

  it("DMARC, the return-path CNAME and the MX", () => {
    expect(evaluateDmarc(["v=DMARC1; p=quarantine; rua=mailto:d@example.com"], "_dmarc.example.com")).toEqual({
      ok: true,
      detail: "DMARC policy p=quarantine.",
    });
    expect(evaluateDmarc(["v=spf1 -all"], "_dmarc.example.com").ok).toBe(false);
    expect(evaluateCname(["Bounces.Mail.Example.NET."], "bounces.mail.example.net", "bounces.example.com").ok).toBe(true);
    expect(evaluateCname(["elsewhere.example"], "bounces.mail.example.net", "bounces.example.com").detail).toMatch(
      /points to elsewhere\.example, not/,
    );
    expect(evaluateMx(["backup.example", "mx.mail.example.net"], "mx.mail.example.net", "example.com").ok).toBe(true);
    expect(evaluateMx([], "mx.mail.example.net", "example.com").detail).toMatch(/No MX record/);
  });
});

const dnsError = (code: string) => Object.assign(new Error(code), { code });

/** A resolver answering from a table; missing names are NXDOMAIN, "!CODE" entries fail with CODE. */
function memoryResolver(table: Record<string, string[][] | string[] | { exchange: string; priority: number }[] | string>): DnsResolver {
  const answer = async <T>(name: string): Promise<T> => {
    const v = table[name];
    if (v === undefined) throw dnsError("ENOTFOUND");
    if (typeof v === "string") throw dnsError(v.slice(1));
    return v as T;
  };
  return { resolveTxt: (n) => answer(`TXT ${n}`), resolveCname: (n) => answer(`CNAME ${n}`), resolveMx: (n) => answer(`MX ${n}`) };
}

describe("checkRecords", () => {
  const config = {
    spfInclude: "_spf.mail.example.net",
    returnPathTarget: "bounces.mail.example.net",
    mxHost: "mx.mail.example.net",
    trackingTarget: "mail.example.net",
  };
  const records = recordsFor(
    { name: "example.com", inboundEnabled: true, dkimSelector: "sel", dkimPublicKey: KEY, returnPathHost: "bounces.example.com" },
    config,
  );
  const now = new Date("2026-11-22T10:00:00Z");

  it("passes published records, joining a long TXT's strings", async () => {
    const dkim = `v=DKIM1; k=rsa; p=${KEY}`;
    const checks = await checkRecords(
      records,
      memoryResolver({
        "TXT example.com": [["v=spf1 include:_spf.mail.example.net ~all"]],
        "TXT sel._domainkey.example.com": [[dkim.slice(0, 255), dkim.slice(255)]],
        "TXT _dmarc.example.com": [["v=DMARC1; p=none"]],
        "CNAME bounces.example.com": ["bounces.mail.example.net"],
        "MX example.com": [{ exchange: "mx.mail.example.net", priority: 10 }],
      }),
      now,
    );
    expect(checks.map((c) => [c.record, c.status])).toEqual([
      ["spf", "pass"],
      ["dkim", "pass"],
      ["dmarc", "pass"],
      ["return_path", "pass"],
      ["mx", "pass"],
    ]);
    expect(checks[1].found).toEqual([dkim]);
    expect(checks.every((c) => c.checkedAt === now.toISOString())).toBe(true);
  });

  it("reports a missing name (NXDOMAIN, NODATA) as fail and a lookup that did not complete as error, never throwing", async () => {
    const checks = await checkRecords(
      records,
      memoryResolver({
        "TXT example.com": "!ENODATA",
        "TXT sel._domainkey.example.com": "!ETIMEOUT",
        "TXT _dmarc.example.com": "!ESERVFAIL",
        "MX example.com": "!ECONNREFUSED",
      }),
      now,
    );
    expect(Object.fromEntries(checks.map((c) => [c.record, c.status]))).toEqual({
      spf: "fail",
      dkim: "error",
      dmarc: "error",
      return_path: "fail",
      mx: "error",
    });
    expect(checks.find((c) => c.record === "dkim")?.detail).toMatch(/did not complete \(ETIMEOUT\)/);
  });

  it("judges the tracking host's CNAME, saying the instance's host is used until it is found", async () => {
    const withTracking = recordsFor(
      {
        name: "example.com",
        inboundEnabled: false,
        dkimSelector: null,
        dkimPublicKey: null,
        returnPathHost: null,
        trackingHost: "t.example.com",
      },
      config,
    );
    const [missing] = (await checkRecords(withTracking, memoryResolver({}), now)).filter((c) => c.record === "tracking");
    expect(missing).toEqual(expect.objectContaining({ status: "fail" }));
    expect(missing.detail).toBe(
      "No CNAME at t.example.com. Until it is found (and the domain is verified), opens and clicks use mail.example.net; sending is not affected.",
    );
    const [found] = (await checkRecords(withTracking, memoryResolver({ "CNAME t.example.com": ["Mail.Example.NET."] }), now)).filter(
      (c) => c.record === "tracking",
    );
    expect(found).toEqual(expect.objectContaining({ status: "pass", detail: "t.example.com points to mail.example.net." }));
  });
});

describe("decideStatus", () => {
  const now = new Date("2026-11-22T10:00:00Z");
  const check = (record: RecordCheck["record"], status: RecordCheck["status"]): RecordCheck => ({
    record,
    status,
    found: [],
    detail: "",
    checkedAt: now.toISOString(),
  });
  const passing = [
    check("spf", "pass"),
    check("dkim", "pass"),
    check("dmarc", "fail"),
    check("return_path", "fail"),
    check("tracking", "fail"),
  ];
  const dkimMissing = [check("spf", "pass"), check("dkim", "fail"), check("dmarc", "pass")];
  const dkimTimedOut = [check("spf", "pass"), check("dkim", "error")];
  const fresh = { status: "pending" as const, createdAt: new Date(now.getTime() - 3_600_000), verifiedAt: null };
  const old = { ...fresh, createdAt: new Date(now.getTime() - GRACE_MS - 1) };
  const after = (ms: number) => new Date(now.getTime() + ms);

  it("verifies when SPF and DKIM pass, whatever the advisory records say, and re-checks daily", () => {
    expect(decideStatus(fresh, passing, now)).toEqual({
      status: "verified",
      verifiedAt: now,
      nextCheckAt: after(RECHECK_MS.verified),
      failing: [],
    });
    const since = new Date("2026-11-01T00:00:00Z");
    expect(decideStatus({ ...fresh, status: "verified", verifiedAt: since }, passing, now).verifiedAt).toBe(since);
    expect(decideStatus({ ...old, status: "failed" }, passing, now).status).toBe("verified");
  });

  it("keeps a new domain pending during the grace period, then fails it", () => {
    expect(decideStatus(fresh, dkimMissing, now)).toEqual({
      status: "pending",
      verifiedAt: null,
      nextCheckAt: after(RECHECK_MS.pending),
      failing: ["dkim"],
    });
    expect(decideStatus(old, dkimMissing, now)).toEqual({
      status: "failed",
      verifiedAt: null,
      nextCheckAt: after(RECHECK_MS.failed),
      failing: ["dkim"],
    });
    expect(decideStatus(fresh, [check("spf", "pass")], now).failing).toEqual(["dkim"]);
  });

  it("fails a verified domain at once when a required record disappears", () => {
    expect(decideStatus({ ...fresh, status: "verified", verifiedAt: now }, dkimMissing, now).status).toBe("failed");
  });

  it("changes nothing on an inconclusive lookup, and tries again soon", () => {
    const verified = { ...fresh, status: "verified" as const, verifiedAt: new Date("2026-11-01T00:00:00Z") };
    expect(decideStatus(verified, dkimTimedOut, now)).toEqual({
      status: "verified",
      verifiedAt: verified.verifiedAt,
      nextCheckAt: after(RECHECK_MS.inconclusive),
      failing: [],
    });
    expect(decideStatus(old, dkimTimedOut, now).status).toBe("pending");
  });
});
