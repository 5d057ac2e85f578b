/** The rate-limit counter key of an API key: one name, whichever statement counts it. */
export const rateKeyOf = (keyId: string) => `key:${keyId}`;
