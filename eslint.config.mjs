import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // Tests read JSON bodies of many shapes; typing each one would add noise, not safety.
  { files: ["tests/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  globalIgnores([".next/**", ".next-*/**", "next-env.d.ts", "lib/generated/**", ".data/**", "tests/e2e/screenshots/**"]),
]);
