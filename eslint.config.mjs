import { builtinModules } from "node:module";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The layers (CONTRIBUTING.md, "The layers"): which folder may import which. A wrong import
// fails `npm run lint`; tests/unit/layers.test.ts shows each rule still refuses one.
// Imports name other folders through the "@/" alias (never "../"), so a pattern on "@/<folder>/"
// sees every import of a folder. Static imports go through no-restricted-imports; dynamic
// import() through no-restricted-syntax.
const LAYERS = "CONTRIBUTING.md, The layers";

const NO_PARENT_PATH = {
  regex: "(^|/)\\.\\.(/|$)",
  message: 'Import through the "@/" alias, so the layer rules see where the import leads.',
};

/** `import()` of one of these top-level folders (static imports are matched by the patterns). */
const noDynamicImportOf = (folders, message) => [
  "error",
  { selector: `ImportExpression[source.value=/^@\\/(${folders.join("|")})\\//]`, message },
];

const refuse = (folders, message) => ({ group: folders.map((folder) => `@/${folder}/*`), message });

/** A server layer never reaches up into the app, the UI or (lib/) the job runner's shell. */
const serverRules = (layer, folders) => {
  const message = `${layer}/ does not import ${folders.map((f) => `${f}/`).join(", ")} (${LAYERS}).`;
  return {
    "@typescript-eslint/no-restricted-imports": ["error", { patterns: [refuse(folders, message), NO_PARENT_PATH] }],
    "no-restricted-syntax": noDynamicImportOf(folders, message),
  };
};

/**
 * The lib/ modules client code may import values from: the domains' schemas and small pure
 * tables that run in a browser (no secret, no database, no socket, nor anything that imports
 * one). A module joins the list once it and all it imports are like that.
 */
const CLIENT_SAFE_LIB = [
  "account-links/schemas",
  "api-keys/schemas",
  "audit/schemas",
  "auth/permissions",
  "campaigns/schemas",
  "contacts/property-values",
  "contacts/schemas",
  "email/schemas",
  "events/demo-addresses",
  "events/event-types",
  "events/message-status",
  "inbound/rule-schema",
  "inbound/schemas",
  "lists/schemas",
  "members/schemas",
  "oauth/schemas",
  "oauth/scopes",
  "orgs/plans",
  "orgs/schemas",
  "projects/schemas",
  "providers/catalog",
  "safety/schemas",
  "scheduling/schemas",
  "senders/schemas",
  "sequences/schemas",
  "suppressions/schemas",
  "templates/schemas",
  "use-cases/schemas",
  "users/schemas",
  "webhooks/schemas",
];

/**
 * Client code (components/, hooks/): what ends up in the browser. Values from lib/ only from
 * CLIENT_SAFE_LIB; types from anywhere (`import type` is erased). Never the server's packages
 * or Node's built-ins (their types are fine too).
 */
const clientRules = (extraFolders = []) => {
  const typesOnly = "Client code may import only types from here (import type): it runs in the browser.";
  return {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        paths: builtinModules.map((name) => ({ name, allowTypeImports: true, message: typesOnly })),
        patterns: [
          NO_PARENT_PATH,
          refuse(
            ["app", "inngest", ...extraFolders],
            `Client code does not import ${["app", "inngest", ...extraFolders].join("/, ")}/ (${LAYERS}).`,
          ),
          {
            regex: `^@/lib/(?!(?:${CLIENT_SAFE_LIB.join("|")})$)`,
            caseSensitive: true,
            allowTypeImports: true,
            message: `${typesOnly} Values come only from the lib/ modules of CLIENT_SAFE_LIB in eslint.config.mjs.`,
          },
          {
            // Node's built-ins, the database, and the SDKs that hold credentials or open sockets.
            regex:
              "^(node:.*|pg|@prisma/.*|@electric-sql/pglite|pglite-prisma-adapter|ioredis|inngest|@aws-sdk/.*|resend|nodemailer|smtp-server|mailparser|pino|standardwebhooks|@node-oauth/.*|@modelcontextprotocol/server|next-auth(?!/react$).*)$",
            caseSensitive: true,
            allowTypeImports: true,
            message: typesOnly,
          },
        ],
      },
    ],
  };
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // Leaving fields out of an object by destructuring the rest is the one way to omit them.
  { rules: { "@typescript-eslint/no-unused-vars": ["warn", { ignoreRestSiblings: true }] } },
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
  { files: ["lib/**"], rules: serverRules("lib", ["app", "components", "hooks", "inngest"]) },
  { files: ["inngest/**"], rules: serverRules("inngest", ["app", "components", "hooks"]) },
  { files: ["components/**"], rules: clientRules() },
  // The hooks hand data to components, never the other way round: toasts are raised by the
  // QueryClient (components/providers.tsx) from each mutation's meta.
  { files: ["hooks/**"], rules: clientRules(["components"]) },
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "next-env.d.ts",
    "lib/generated/**",
    ".data/**",
    "tests/e2e/screenshots/**",
    "sdk/dist/**",
    "sdk/src/generated/**",
  ]),
]);
