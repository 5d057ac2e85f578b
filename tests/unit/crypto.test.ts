import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "@/lib/crypto/password";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { safeEqual, sha256Hex } from "@/lib/crypto/tokens";
import { generateKey, looksLikeKey } from "@/lib/api-keys/key-format";

describe("passwords", () => {
  it("hash with a random salt and verify", async () => {
    const a = await hashPassword("hunter2 hunter2");
    const b = await hashPassword("hunter2 hunter2");
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("hunter2 hunter2", a)).toBe(true);
    expect(await verifyPassword("hunter2 hunter3", a)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});

describe("secrets at rest", () => {
  const key = randomBytes(32);
  it("round-trip through AES-256-GCM with a fresh IV each time", () => {
    const a = encryptSecret("re_live_secret", key);
    expect(a).not.toContain("re_live_secret");
    expect(a).not.toBe(encryptSecret("re_live_secret", key));
    expect(decryptSecret(a, key)).toBe("re_live_secret");
  });

  it("refuse tampered ciphertext and the wrong key", () => {
    const sealed = encryptSecret("secret", key);
    const parts = sealed.split(".");
    const data = Buffer.from(parts[3], "base64url");
    data[0] ^= 1;
    expect(() => decryptSecret([...parts.slice(0, 3), data.toString("base64url")].join("."), key)).toThrow();
    expect(() => decryptSecret(sealed, randomBytes(32))).toThrow();
    expect(() => decryptSecret("v2.x.y.z", key)).toThrow(/Unrecognised/);
  });
});

describe("tokens and keys", () => {
  it("compare in constant time whatever the lengths", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
  });

  it("generate keys with a visible prefix and a SHA-256 hash", () => {
    const { key, prefix, hash } = generateKey();
    expect(looksLikeKey(key)).toBe(true);
    expect(prefix).toBe(key.slice(0, 12));
    expect(hash).toBe(sha256Hex(key));
    expect(looksLikeKey("mr_short")).toBe(false);
    expect(looksLikeKey(key + "x")).toBe(false);
  });
});
