// Configuration read once from the environment and validated (DESIGN.md §5).
import "server-only";
import path from "node:path";
import { isIP } from "node:net";
import { z } from "zod";
import { defaultDataDir, readyDataDir } from "@/lib/config/data-dir";
import { normalizeDomainName } from "@/lib/domains/domain-name";

const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "true");

/** A switch whose default depends on where it runs: unset stays undefined (see env()). */
const optionalFlag = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "1" || v === "true"));

/** Whole days up to 100 years; 0 means never delete. Digits only: " " or "1e3" are mistakes. */
const RETENTION_DAYS = "must be a whole number of days from 0 (keep forever) to 36500";
const retentionDays = (days: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, RETENTION_DAYS)
    .transform(Number)
    .refine((n) => n <= 36_500, RETENTION_DAYS)
    .default(days);

/** The largest message a listener accepts: 1 KiB to 100 MiB. */
const messageBytes = (bytes: number) =>
  z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(bytes);

/** A domain name, stored as lib/domains/domain-name.ts normalizes it (lower-case, no trailing dot). */
const domainName = z.string().transform((v, ctx) => {
  const result = normalizeDomainName(v);
  if (result.ok) return result.name;
  ctx.addIssue({ code: "custom", message: `must be a domain name such as bounces.example.com: ${result.message}` });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  AUTH_SECRET: z.string().min(16, "AUTH_SECRET must be at least 16 characters").optional(),
  ENCRYPTION_KEY: z.string().optional(),
  // Unset: http://localhost:<PORT> (the port the server listens on; Next.js sets PORT, -p too).
  APP_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BOOTSTRAP_ADMIN_EMAIL: z.string().email().optional(),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().min(8, "BOOTSTRAP_ADMIN_PASSWORD must be at least 8 characters").optional(),
  STAFF_API_TOKEN: z.string().min(16).optional(),
  // Webhook endpoints on http and local or private addresses (docs/self-hosting.md): unset, on
  // in development (`next dev`, for a receiver on your own machine) and off otherwise.
  ALLOW_PRIVATE_WEBHOOK_URLS: optionalFlag,
  // Attachment URLs (attachments[].path) on http and local or private addresses
  // (docs/security.md): unset, on in development (a file server on your own machine) and off
  // otherwise, as ALLOW_PRIVATE_WEBHOOK_URLS.
  ALLOW_PRIVATE_ATTACHMENT_URLS: optionalFlag,
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().positive().default(10),
  // A send a provider took but never confirmed waits this long for evidence before it goes to
  // the next provider (docs/sending.md).
  SEND_RECONCILE_SECONDS: z.coerce.number().positive().max(86_400).default(600),
  // Retention in days (docs/retention.md); 0 keeps forever.
  RETENTION_EVENTS_DAYS: retentionDays(90),
  RETENTION_WEBHOOK_DELIVERIES_DAYS: retentionDays(30),
  RETENTION_AUDIT_DAYS: retentionDays(365),
  RETENTION_MESSAGE_BODIES_DAYS: retentionDays(30),
  INNGEST_EVENT_KEY: z.string().min(1).optional(),
  INNGEST_SIGNING_KEY: z.string().min(1).optional(),
  INNGEST_DEV: flag,
  INNGEST_BASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().min(1).optional(),
  DEFAULT_FROM: z.email().optional(),
  JOB_POLL_MS: z.coerce.number().int().positive().default(500),
  DEMO_EVENTS_SEED: z.string().min(1).optional(),
  DEMO_EVENTS_TIME_SCALE: z.coerce.number().positive().max(100).default(1),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default("0.0.0.0"),
  INBOUND_SMTP_HOSTNAME: z.string().min(1).optional(),
  INBOUND_MAX_BYTES: messageBytes(25 * 1024 * 1024),
  INBOUND_TLS_KEY: z.string().min(1).optional(),
  INBOUND_TLS_CERT: z.string().min(1).optional(),
  // Bounces through an SMTP relay (docs/inbound.md): mail sent through an smtp provider carries a
  // signed return path at this domain, whose MX is the inbound listener. Unset: none.
  BOUNCE_DOMAIN: domainName.optional(),
  // SMTP submission (docs/smtp.md): applications send through Mailroom over SMTP with an API key.
  // Unset port: 2587 in development (`next dev`), no listener otherwise; "off": none at all.
  SMTP_SUBMISSION_PORT: z.union([z.literal("off"), z.coerce.number().int().min(0).max(65535)]).optional(),
  SMTP_SUBMISSION_TLS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SMTP_SUBMISSION_HOST: z.string().min(1).default("0.0.0.0"),
  SMTP_SUBMISSION_HOSTNAME: z.string().min(1).optional(),
  SMTP_SUBMISSION_TLS_KEY: z.string().min(1).optional(),
  SMTP_SUBMISSION_TLS_CERT: z.string().min(1).optional(),
  SMTP_SUBMISSION_MAX_BYTES: messageBytes(40 * 1024 * 1024),
  // Sending domains (docs/domains-and-senders.md): what their SPF record includes, where their
  // return-path CNAME points, which DNS servers verification asks and how long it waits.
  MAILROOM_SPF_INCLUDE: z.string().min(1).optional(),
  MAILROOM_RETURN_PATH_TARGET: z.string().min(1).optional(),
  MAILROOM_DNS_SERVERS: z.string().min(1).optional(),
  MAILROOM_DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  // Operations (docs/self-hosting.md, docs/deploy-vercel.md): how long SIGTERM waits for work in
  // flight; the log level; a direct (unpooled) connection for migrations where DATABASE_URL goes
  // through a transaction pooler; set by Vercel on its platform.
  // At most 90: a runner stops beating at the signal, and after 120 s (STALE_AFTER_MS) another
  // instance would take its still-running jobs back.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(90).default(25),
  LOG_LEVEL: z
    .string()
    .toLowerCase()
    .pipe(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]))
    .default("info"),
  DIRECT_URL: z.string().min(1).optional(),
  DATABASE_URL_UNPOOLED: z.string().min(1).optional(),
  VERCEL: z.string().min(1).optional(),
  // The outbound address policy for providers and SMTP relays (docs/security.md): off by
  // default; on, tenants may aim providers at private addresses and plain http. Outbound
  // connections to tenant-chosen hosts resolve through OUTBOUND_DNS_SERVERS when set.
  ALLOW_PRIVATE_PROVIDER_HOSTS: flag,
  OUTBOUND_DNS_SERVERS: z.string().min(1).optional(),
  // Instance mail (docs/self-hosting.md): sender confirmations, invitations and password
  // resets go only through the operator's SMTP server, never a tenant's provider.
  SYSTEM_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be smtp://user:pass@host:port or smtps://…")
    .optional(),
  SYSTEM_MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .refine((s) => !/[\r\n]/.test(s), "no line breaks")
    .optional(),
  // Client addresses (lib/http/client-address.ts): the reverse proxies in front, as IP addresses
  // or CIDR ranges, comma-separated. Unset: the socket's address is the client's.
  TRUST_PROXY: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isAddressOrRange), "must be IP addresses or CIDR ranges, comma-separated, e.g. 10.0.0.0/8,127.0.0.1")
    .optional(),
});

/** "203.0.113.9", "10.0.0.0/8", "fd00::/8". */
function isAddressOrRange(entry: string): boolean {
  const [address, bits, extra] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

export type Env = Omit<z.infer<typeof envSchema>, "ALLOW_PRIVATE_WEBHOOK_URLS" | "ALLOW_PRIVATE_ATTACHMENT_URLS" | "APP_URL"> & {
  APP_URL: string;
  ALLOW_PRIVATE_WEBHOOK_URLS: boolean;
  /** ALLOW_PRIVATE_WEBHOOK_URLS was not set: its value is the default for NODE_ENV. */
  privateWebhookUrlsByDefault: boolean;
  ALLOW_PRIVATE_ATTACHMENT_URLS: boolean;
  /** ALLOW_PRIVATE_ATTACHMENT_URLS was not set: its value is the default for NODE_ENV. */
  privateAttachmentUrlsByDefault: boolean;
  dataDir: string;
  inngestEnabled: boolean;
};

/** Unset ALLOW_PRIVATE_WEBHOOK_URLS (or ALLOW_PRIVATE_ATTACHMENT_URLS): on only under `next dev` (NODE_ENV=development, set by
 * Next.js itself), never for `next start`, the standalone server or a script without NODE_ENV. */
export const privateWebhookUrlsDefault = (nodeEnv: string | undefined) => nodeEnv === "development";

let cached: Env | undefined;

/** The validated environment. Throws a readable error listing every bad variable. */
export function env(): Env {
  if (cached) return cached;
  // Empty strings count as unset: `FOO= npm start` should not fail validation.
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  cached = {
    ...e,
    APP_URL: e.APP_URL ?? `http://localhost:${e.PORT}`,
    ALLOW_PRIVATE_WEBHOOK_URLS: e.ALLOW_PRIVATE_WEBHOOK_URLS ?? privateWebhookUrlsDefault(raw.NODE_ENV),
    privateWebhookUrlsByDefault: e.ALLOW_PRIVATE_WEBHOOK_URLS === undefined,
    ALLOW_PRIVATE_ATTACHMENT_URLS: e.ALLOW_PRIVATE_ATTACHMENT_URLS ?? privateWebhookUrlsDefault(raw.NODE_ENV),
    privateAttachmentUrlsByDefault: e.ALLOW_PRIVATE_ATTACHMENT_URLS === undefined,
    dataDir: e.DATA_DIR ? path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR) : defaultDataDir(),
    inngestEnabled: Boolean(e.INNGEST_EVENT_KEY || e.INNGEST_DEV || e.INNGEST_BASE_URL),
  };
  return cached;
}

/** The folder of the embedded database and local secrets, ready to use (lib/config/data-dir.ts). */
export function dataDirInUse(): string {
  const e = env();
  return readyDataDir(e.dataDir, { explicit: e.DATA_DIR !== undefined, development: e.NODE_ENV === "development" });
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
