import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resolveSecret } from "@/lib/config/local-secrets";

describe("local secrets", () => {
  it("uses the environment's value when set", () => {
    expect(resolveSecret({ name: "AUTH_SECRET", value: "from-env", production: true, dataDir: "/nonexistent" })).toBe("from-env");
  });

  it("is required in production", () => {
    expect(() => resolveSecret({ name: "ENCRYPTION_KEY", value: undefined, production: true, dataDir: "/tmp" })).toThrow(
      /ENCRYPTION_KEY is required when NODE_ENV=production/,
    );
  });

  it("is generated once into the data folder for local use, private to the owner, and reused", () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "mailroom-secrets-")), "nested", ".data");
    const first = resolveSecret({ name: "ENCRYPTION_KEY", value: undefined, production: false, dataDir });
    expect(Buffer.from(first, "base64")).toHaveLength(32);
    const file = path.join(dataDir, "encryption-key");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSecret({ name: "ENCRYPTION_KEY", value: undefined, production: false, dataDir })).toBe(first);
    expect(resolveSecret({ name: "AUTH_SECRET", value: undefined, production: false, dataDir })).not.toBe(first);
  });
});
