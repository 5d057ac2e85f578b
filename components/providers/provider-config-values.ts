// Turns the provider form's inputs into the config object the API takes, and back. Checks
// here only save a round trip; the server validates everything again with the adapter schema.
import type { ConfigField, ProviderTypeInfo } from "@/components/providers/provider-types";

export type ConfigValues = Record<string, string | boolean>;
type Config = Record<string, unknown>;

/** How the API shows a secret that is set (lib/providers/provider-config.ts). */
const SECRET_MASK = "********";

export const LIMIT_KEYS = ["rateLimitPerMinute", "rateLimitPerHour", "rateLimitPerDay"] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];
export const MAX_LIMIT = 10_000_000;

function initialValue(field: ConfigField, stored: Config | undefined): string | boolean {
  const value = stored?.[field.key];
  switch (field.kind) {
    case "checkbox":
      return typeof value === "boolean" ? value : field.defaultValue === true;
    case "tristate":
      return value === true ? "yes" : value === false ? "no" : "auto";
    case "secret":
      // Never prefilled: the API only ever shows the mask, and blank keeps the stored value.
      return "";
    default:
      return value === undefined || value === null ? (stored ? "" : String(field.defaultValue ?? "")) : String(value);
  }
}

export function initialConfigValues(info: ProviderTypeInfo, stored?: Config): ConfigValues {
  return Object.fromEntries(info.fields.map((f) => [f.key, initialValue(f, stored)]));
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** What a checkbox or tristate input sends (undefined: left out, "automatic"). */
function switchValue(field: ConfigField, raw: string | boolean | undefined): boolean | undefined {
  if (field.kind === "checkbox") return raw === true;
  return raw === "yes" ? true : raw === "no" ? false : undefined;
}

/**
 * On edit: the destination fields (host, port, base URL, endpoint, TLS settings) whose input
 * differs from the stored value, named once each. While any does, a stored credential must be
 * typed again: the server never sends a saved secret to a new destination, or over a weaker
 * connection (docs/security.md), and refuses the change.
 */
export function changedDestination(info: ProviderTypeInfo, values: ConfigValues, stored?: Config): string[] {
  if (!stored) return [];
  const names = info.fields
    .filter((f) => f.destination)
    .filter((f) => {
      if (f.kind === "checkbox" || f.kind === "tristate") return (switchValue(f, values[f.key]) ?? null) !== (stored[f.key] ?? null);
      const input = typeof values[f.key] === "string" ? (values[f.key] as string).trim() : "";
      const saved = stored[f.key] === undefined || stored[f.key] === null ? "" : String(stored[f.key]);
      return input !== saved;
    })
    .map((f) => (f.destination === "tls" ? "TLS settings" : f.label.replace(/ \(optional\)$/, "").toLowerCase()));
  return [...new Set(names)];
}

/**
 * The config to send and the problems found, by field key. `stored` is the provider's config
 * on edit: a secret left blank is left out, so the server keeps the stored one (unless the
 * destination changed: then a stored credential must be entered again).
 */
export function buildConfig(
  info: ProviderTypeInfo,
  values: ConfigValues,
  stored?: Config,
): { config: Config; errors: Record<string, string> } {
  const config: Config = {};
  const errors: Record<string, string> = {};
  const hasStoredSecret = (key: string) => stored?.[key] === SECRET_MASK;
  const moved = changedDestination(info, values, stored);

  for (const field of info.fields) {
    const raw = values[field.key];
    if (field.kind === "checkbox" || field.kind === "tristate") {
      const value = switchValue(field, raw);
      if (value !== undefined) config[field.key] = value;
      continue;
    }
    const text = typeof raw === "string" ? raw.trim() : "";
    if (!text) {
      const kept = field.kind === "secret" && hasStoredSecret(field.key);
      if (kept && field.credential && moved.length)
        errors[field.key] =
          `Enter the ${field.label.toLowerCase()} again: the ${moved.join(" and ")} changed, and a saved secret is never sent to a new destination.`;
      else if (field.required && !kept) errors[field.key] = `Enter the ${field.label.toLowerCase()}.`;
      continue;
    }
    if (field.kind === "number") {
      const n = Number(text);
      const min = field.min ?? 0;
      const max = field.max ?? Number.MAX_SAFE_INTEGER;
      if (!Number.isInteger(n) || n < min || n > max) errors[field.key] = `Enter a whole number from ${min} to ${max}.`;
      else config[field.key] = n;
    } else if (field.kind === "url") {
      if (!isHttpUrl(text)) errors[field.key] = "Enter a full http:// or https:// address.";
      else config[field.key] = text;
    } else if (field.kind === "secret" && field.prefix && !text.startsWith(field.prefix)) {
      errors[field.key] = `This should start with ${field.prefix}`;
    } else {
      config[field.key] = text;
    }
  }

  for (const [key, message] of Object.entries(info.check?.(config, hasStoredSecret) ?? {})) errors[key] ??= message;
  return { config, errors };
}

/** A limit input: blank is no limit (null); otherwise a whole number from 1. */
export function parseLimit(value: string): { value: number | null; error?: string } {
  const text = value.trim();
  if (!text) return { value: null };
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > MAX_LIMIT)
    return { value: null, error: `Enter a whole number from 1 to ${MAX_LIMIT.toLocaleString("en-US")}, or leave blank for no limit.` };
  return { value: n };
}
