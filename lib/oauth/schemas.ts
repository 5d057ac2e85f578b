// Request bodies of client registration: the dashboard's (an admin registers an app for the
// organization) and RFC 7591 dynamic registration (an app registers itself, public only).
import { z } from "zod";
import { APP_SCOPES } from "@/lib/oauth/scopes";
import { nullableTimestamp, timestamp } from "@/lib/http/wire";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const CONTROL = /\p{Cc}/u;

/** Names and addresses are shown on the consent screen and stored as text: no control characters (a NUL could not even be stored). */
const printable = <T extends z.ZodType<string>>(schema: T) => schema.refine((v) => !CONTROL.test(v), "must not contain control characters");

/** Where an app may be sent back: https, http on the loopback interface (native and CLI apps,
 * RFC 8252 §7.3), or a private-use scheme in reverse-domain form (RFC 8252 §7.1). Never a
 * fragment, never credentials in the address. */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URL";
  }
  if (CONTROL.test(value) || /\s/.test(value)) return "must not contain spaces or control characters";
  if (url.hash || value.includes("#")) return "must not contain a fragment";
  if (url.username || url.password) return "must not contain credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") return LOOPBACK.has(url.hostname) ? null : "must use https (http only on localhost, 127.0.0.1 or [::1])";
  if (/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol) && !/^(javascript|data|file|vbscript):$/.test(url.protocol)) return null;
  return "must use https, http on the loopback interface, or a private-use scheme such as com.example.app:";
}

export const redirectUriSchema = z
  .string()
  .max(2000)
  .superRefine((v, ctx) => {
    const problem = redirectUriProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const appScope = z.enum(APP_SCOPES as unknown as [string, ...string[]]);
const clientUri = printable(z.url({ protocol: /^https?$/ }).max(2000));
const appName = printable(z.string().trim().min(1).max(100));

export const createAppSchema = z.strictObject({
  name: appName,
  redirectUris: z.array(redirectUriSchema).min(1).max(10),
  scopes: z.array(appScope).min(1).max(APP_SCOPES.length),
  /** A confidential app (a server) gets a secret, shown once; a public one (a browser or native app) proves itself with PKCE alone. */
  confidential: z.boolean().default(false),
  clientUri: clientUri.optional(),
});
export type CreateAppInput = z.infer<typeof createAppSchema>;

/** RFC 7591 §2 metadata this server honours; unknown members are ignored, as the RFC asks. */
export const dynamicRegistrationSchema = z.object({
  redirect_uris: z.array(z.string()).min(1).max(10),
  client_name: appName.optional(),
  client_uri: clientUri.optional(),
  token_endpoint_auth_method: z.literal("none").optional(),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token"]))
    .min(1)
    .optional(),
  response_types: z.array(z.literal("code")).min(1).optional(),
  scope: z.string().max(2000).optional(),
});
export type DynamicRegistrationInput = z.infer<typeof dynamicRegistrationSchema>;

export const idParamsSchema = z.object({ id: z.uuid("not a valid id") });

export const appSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.string()),
  confidential: z.boolean(),
  clientUri: z.string().nullable(),
  connections: z.number().int(),
  createdAt: timestamp,
});
export type AppView = z.output<typeof appSchema>;

/** The register answer: the app and, for a confidential app, its secret this once (never its hash). */
export const createdAppSchema = appSchema.extend({ clientSecret: z.string().nullable() });

export const connectedAppSchema = z.object({
  id: z.string(),
  app: z.object({ clientId: z.string(), name: z.string(), clientUri: z.string().nullable() }),
  scopes: z.array(z.string()),
  connectedAt: timestamp,
  lastUsedAt: nullableTimestamp,
});
export type ConnectedAppView = z.output<typeof connectedAppSchema>;
