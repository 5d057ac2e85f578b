import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // SQL is written as Prisma.sql statements (CONTRIBUTING.md, "SQL"): text with values pasted in is
  // never run. lib/db/raw-query.ts is the one runner of a statement's text and values.
  {
    files: ["lib/**", "app/**", "inngest/**"],
    ignores: ["lib/db/raw-query.ts", "lib/generated/**"],
    rules: {
      "no-restricted-properties": [
        "error",
        { property: "$queryRawUnsafe", message: "Write a Prisma.sql statement and run it with rawQuery or $queryRaw." },
        { property: "$executeRawUnsafe", message: "Write a Prisma.sql statement and run it with rawQuery or $executeRaw." },
      ],
    },
  },
  // Tests read JSON bodies of many shapes; typing each one would add noise, not safety.
  { files: ["tests/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  globalIgnores([".next/**", ".next-*/**", "next-env.d.ts", "lib/generated/**", ".data/**", "tests/e2e/screenshots/**"]),
]);
