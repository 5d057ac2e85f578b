// A provider's config is split on write: settings stay readable in `config`, secret fields
// are sealed together with ENCRYPTION_KEY. Responses show secrets only as a mask.
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { validationError } from "@/lib/errors/app-error";
import type { ProviderAdapter } from "@/lib/providers/adapter";

export const SECRET_MASK = "********";

type Config = Record<string, unknown>;

export function unsealSecrets(sealed: string | null): Config {
  return sealed ? (JSON.parse(decryptSecret(sealed)) as Config) : {};
}

/** The whole config the adapter needs: settings plus decrypted secrets. */
export function fullConfig(row: { config: unknown; secretsSealed: string | null }): Config {
  return { ...(row.config as Config), ...unsealSecrets(row.secretsSealed) };
}

/**
 * Validates a config for the adapter and splits it for storage. `previous` is the stored
 * config on update: a secret field left out, or sent back as the mask, keeps its value.
 */
export function prepareConfig(adapter: ProviderAdapter, input: Config, previous: Config = {}) {
  const merged: Config = { ...input };
  for (const field of adapter.secretFields) {
    if (!(field in input) || input[field] === SECRET_MASK) {
      if (field in previous) merged[field] = previous[field];
      else delete merged[field];
    }
  }
  const parsed = adapter.configSchema.safeParse(merged);
  if (!parsed.success) throw validationError(parsed.error.issues, "body.config");
  const valid = parsed.data as Config;
  const config: Config = {};
  const secrets: Config = {};
  for (const [k, v] of Object.entries(valid)) (adapter.secretFields.includes(k) ? secrets : config)[k] = v;
  return { config, secretsSealed: Object.keys(secrets).length ? encryptSecret(JSON.stringify(secrets)) : null };
}

/** Settings as stored, with each secret that is set shown as the mask. */
export function maskedConfig(adapter: ProviderAdapter | undefined, row: { config: unknown; secretsSealed: string | null }): Config {
  const shown: Config = { ...(row.config as Config) };
  const secrets = unsealSecrets(row.secretsSealed);
  for (const field of adapter?.secretFields ?? Object.keys(secrets)) if (field in secrets) shown[field] = SECRET_MASK;
  return shown;
}
