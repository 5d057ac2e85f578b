// Sending domains (SPEC scopes domains:read/write): a domain of the organization's with its DKIM
// key, the DNS records to publish and what the last check found. The same rows are the
// organization's inbound domains (lib/inbound/inbound-domains.ts): `inbound` turns receiving on.
import { z } from "zod";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";
import { normalizeDomainName } from "@/lib/domains/domain-name";
import { RECORD_KINDS } from "@/lib/domains/dns-records";

const domainName = z
  .string()
  .max(300, "a domain name has at most 253 characters")
  .transform((raw, ctx) => {
    const r = normalizeDomainName(raw);
    if (!r.ok) {
      ctx.addIssue({ code: "custom", message: r.message });
      return z.NEVER;
    }
    return r.name;
  })
  .describe("e.g. example.com; lower-cased, internationalized names stored in punycode, no trailing dot");

const trackingHost = domainName
  .nullable()
  .describe(
    "the host opens and clicks of the domain's mail point at (e.g. track.example.com): the domain or a name under it, with a CNAME to the instance's host; null: none (the instance's host)",
  );

export const createDomainSchema = z
  .object({
    name: domainName,
    inbound: z.boolean().default(false).describe("also receive mail for it (inbound routing); default false"),
    claim: z
      .boolean()
      .default(false)
      .describe(
        "take the name over from the organization that has it: first publish the TXT record that the 409 answer names (it proves you control the domain's DNS)",
      ),
    trackingHost: trackingHost.default(null),
  })
  .strict();
export type CreateDomainInput = z.infer<typeof createDomainSchema>;

export const updateDomainSchema = z
  .object({
    inbound: z.boolean().optional().describe("receive mail for it, or stop"),
    trackingHost: trackingHost
      .optional()
      .describe("set or change the tracking host (it is unverified until its CNAME is found), or null to remove it"),
  })
  .strict()
  .refine((b) => b.inbound !== undefined || b.trackingHost !== undefined, "give inbound, trackingHost or both");
export type UpdateDomainInput = z.infer<typeof updateDomainSchema>;

export const domainIdParamsSchema = z.object({ id: z.uuid("not a valid domain id") });

export const DOMAIN_STATUSES = ["pending", "verified", "failed"] as const;
export const RECORD_STATUSES = ["pass", "fail", "error", "unchecked"] as const;

export const dnsRecordSchema = z.object({
  record: z.enum(RECORD_KINDS),
  type: z.enum(["TXT", "CNAME", "MX"]),
  name: z.string().describe("the host to publish it at"),
  value: z.string().describe("TXT values over 255 characters are published as several quoted strings; most DNS hosts split them for you"),
  priority: z.number().int().nullable().describe("MX only"),
  purpose: z.string(),
  required: z.boolean().describe("SPF and DKIM are required for the domain to be verified; the others are advice"),
  status: z
    .enum(RECORD_STATUSES)
    .describe("from the last check: pass, fail (missing or wrong), error (the lookup did not complete) or unchecked"),
  detail: z.string().nullable(),
  found: z.array(z.string()).describe("what the DNS held at the name in the last check"),
  checkedAt: nullableTimestamp,
});

export const domainSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z
    .enum(DOMAIN_STATUSES)
    .describe("pending until SPF and DKIM pass (failed if they still do not 72 hours after it was added); verified; failed"),
  inbound: z.boolean(),
  dkimSelector: z.string(),
  returnPathHost: z.string(),
  trackingHost: z.string().nullable().describe("where opens and clicks of its mail point once verified; null: the instance's host"),
  trackingHostVerified: z
    .boolean()
    .describe("the tracking host's CNAME was found: its mail's opens and clicks use it (until then, the instance's host)"),
  records: z.array(dnsRecordSchema),
  verifiedAt: nullableTimestamp,
  lastCheckedAt: nullableTimestamp,
  nextCheckAt: nullableTimestamp.describe("when it is checked again on its own"),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const deletedDomainSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });
