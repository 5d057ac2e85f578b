// How a provider describes its settings, once (lib/providers/<name>/fields.ts): each field's
// key, its zod schema as the API takes it, and how the dashboard form shows it. The adapter's
// config schema, its secret, credential and destination fields, and the form's inputs are all
// built from that description, so a field key exists in one place. Client-safe on purpose:
// plain data and zod only, since the dashboard imports it; never an SDK or a node: module.
import { z } from "zod";

export interface ConfigField {
  label: string;
  /**
   * How the form shows it. "secret": a password input; the value is stored encrypted, never
   * returned (shown masked), and left blank on edit it keeps the stored one. "tristate": unset / yes / no.
   */
  kind: "text" | "secret" | "number" | "url" | "checkbox" | "tristate";
  /** The field's part of the config schema: optional, or with a default, when it may be left out. */
  schema: z.ZodType;
  /** The form asks for a value; by default when the schema refuses a missing one. */
  required?: boolean;
  hint?: string;
  placeholder?: string;
  /** A secret that must start with this (e.g. "re_"); the schema says so too. */
  prefix?: string;
  min?: number;
  max?: number;
  /** tristate only: what each choice means. */
  choices?: { auto: string; yes: string; no: string };
  /**
   * Where and how the provider connects, and how the outbound address policy checks it on save
   * (provider-destination.ts): changing one needs the credentials again. "tls": how the
   * connection protects the credential in transit; not checked by the policy, but a change to it
   * needs the credentials again too, so a stored password is never sent over a weakened connection.
   */
  destination?: "url" | "host" | "port" | "tls";
  /** A secret sent to that destination: entered again whenever a destination field changes. */
  credential?: boolean;
}

export type ConfigFields = Readonly<Record<string, ConfigField>>;

/** One provider type as the form and the adapter both see it. */
export interface ProviderFields<
  T extends string = string,
  S extends z.ZodType<Record<string, unknown>> = z.ZodType<Record<string, unknown>>,
> {
  type: T;
  label: string;
  /** One sentence for the form's type picker. */
  description: string;
  /** Whether the provider reports delivery events to Mailroom by webhook (its events.ts). */
  eventWebhook?: boolean;
  /** Whether the provider can POST mail it receives to Mailroom (its inbound.ts). */
  inboundWebhook?: boolean;
  /** In the order the form shows them. */
  fields: ConfigFields;
  /** configObject(fields), with any rule across fields. */
  configSchema: S;
  /** The form's wording of those rules across fields (it also knows which secrets are stored); messages by field key. */
  check?: (config: Record<string, unknown>, hasStoredSecret: (key: string) => boolean) => Record<string, string>;
}

/** Keeps the literal type and the exact schema, for the adapter's config type. */
export function defineProvider<const T extends string, S extends z.ZodType<Record<string, unknown>>>(
  provider: ProviderFields<T, S>,
): ProviderFields<T, S> {
  return provider;
}

/** The config schema of these fields: exactly them, in their order, nothing else. */
export function configObject<F extends ConfigFields>(fields: F) {
  const shape = Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.schema]));
  return z.object(shape as { -readonly [K in keyof F]: F[K]["schema"] }).strict();
}

/** Optional API base URL of the HTTP providers (regional endpoints, proxies, test servers); http(s) only. */
export function baseUrlField(hint: string) {
  return {
    label: "API base URL (optional)",
    kind: "url",
    schema: z.url({ protocol: /^https?$/ }).optional(),
    hint,
    placeholder: "https://…",
    destination: "url",
  } satisfies ConfigField;
}
