// Where a provider connects (its API base URL or endpoint, an SMTP relay's host and port),
// checked when it is saved: by the outbound address policy (lib/net/outbound-policy.ts; the
// connection checks again at connect time), and, on a change, that the credentials were
// entered again. Why: the stored secret would otherwise be sent to whatever new host the
// change names, so anyone who may edit a provider could read its credentials off the wire.
import { AppError } from "@/lib/errors/app-error";
import { checkOutboundHost, checkOutboundUrl, type OutboundPolicy } from "@/lib/net/outbound-policy";
import type { ProviderAdapter } from "@/lib/providers/adapter";
import { SECRET_MASK, unsealSecrets } from "@/lib/providers/provider-config";

type Config = Record<string, unknown>;

const refused = (field: string, reason: string) =>
  new AppError("VALIDATION_ERROR", `Invalid request: body.config.${field}: ${reason}`, [{ path: `body.config.${field}`, message: reason }]);

/** Every destination field of `config` (the validated settings) against the policy; throws a 400 naming the field. */
export async function checkDestination(adapter: ProviderAdapter, config: Config, policy: OutboundPolicy): Promise<void> {
  for (const [field, kind] of Object.entries(adapter.destinationFields)) {
    const value = config[field];
    if (typeof value !== "string" || kind === "port" || kind === "tls") continue;
    const check = kind === "url" ? await checkOutboundUrl(value, policy) : await checkOutboundHost(value, policy);
    if (!check.ok) throw refused(field, check.reason);
  }
}

/**
 * On an update that changes a destination field: each credential the provider has stored must
 * come again in `input` (not left out, not the mask), or the update is refused, naming it.
 */
export function assertCredentialsReentered(
  adapter: ProviderAdapter,
  input: Config,
  stored: { config: unknown; secretsSealed: string | null },
  next: Config,
): void {
  const before = stored.config as Config;
  const changed = Object.keys(adapter.destinationFields).filter(
    (f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(next[f] ?? null),
  );
  if (changed.length === 0) return;
  const secrets = unsealSecrets(stored.secretsSealed);
  for (const field of adapter.credentialFields) {
    if (!(field in secrets)) continue;
    if (typeof input[field] !== "string" || input[field] === SECRET_MASK) {
      throw refused(
        field,
        `must be entered again when ${changed.join(" or ")} changes: the stored secret is never sent to a new destination`,
      );
    }
  }
}
