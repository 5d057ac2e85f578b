// AUTH_SECRET and ENCRYPTION_KEY: taken from the environment, or (outside production)
// generated once into the data folder so `npm run dev` needs no set-up.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

interface SecretOptions {
  name: "AUTH_SECRET" | "ENCRYPTION_KEY";
  value: string | undefined;
  production: boolean;
  dataDir: string;
}

export function resolveSecret({ name, value, production, dataDir }: SecretOptions): string {
  if (value) return value;
  if (production) {
    throw new Error(`${name} is required when NODE_ENV=production (see README, Configuration).`);
  }
  const file = path.join(dataDir, name.toLowerCase().replace("_", "-"));
  try {
    return readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32).toString("base64");
  // wx: if another process won the race, read its value instead of overwriting it.
  try {
    writeFileSync(file, generated + "\n", { flag: "wx", mode: 0o600 });
    return generated;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return readFileSync(file, "utf8").trim();
  }
}
