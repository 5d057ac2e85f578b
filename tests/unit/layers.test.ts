// The layer rules of eslint.config.mjs (CONTRIBUTING.md, "The layers"), run through ESLint on
// one import at a time, as if it were written in a file of each folder: each rule must refuse
// what it is there to refuse (so it cannot silently stop matching) and let the rest through.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const LAYER_RULES = new Set(["@typescript-eslint/no-restricted-imports", "no-restricted-syntax"]);
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../.."), ruleFilter: ({ ruleId }) => LAYER_RULES.has(ruleId) });

/** The layer rules' complaints about `code` written in `filePath`. */
async function complaints(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const refused = (file: string, code: string) => [file, code, true] as const;
const allowed = (file: string, code: string) => [file, code, false] as const;

describe("layer rules", () => {
  it.each([
    // lib/ is the domain: never the app, the UI, the hooks or the Inngest shell, static or dynamic.
    refused("lib/x/y.ts", `import { Providers } from "@/components/providers";`),
    refused("lib/x/y.ts", `import { useCampaigns } from "@/hooks/campaigns";`),
    refused("lib/x/y.ts", `import { inngest } from "@/inngest/client";`),
    refused("lib/x/y.ts", `import type { Metadata } from "@/app/layout";`),
    refused("lib/x/y.ts", `await import("@/inngest/dispatcher");`),
    allowed("lib/x/y.ts", `import { dbHandle } from "@/lib/db/client";`),
    // A relative path would slip past the patterns on "@/<folder>/".
    refused("lib/x/y.ts", `import { Providers } from "../../components/providers";`),
    allowed("lib/x/y.ts", `import { z } from "./z";`),
    // No exception: the start-up hook (instrumentation.ts) wires Inngest, not lib/boot.
    refused("lib/boot/y.ts", `await import("@/inngest/announcer");`),
    refused("lib/boot/y.ts", `import { toast } from "@/components/ui/toast";`),
    // inngest/ is a thin shell over lib/.
    refused("inngest/y.ts", `import { Providers } from "@/components/providers";`),
    refused("inngest/y.ts", `import { useCampaigns } from "@/hooks/campaigns";`),
    refused("inngest/y.ts", `await import("@/app/layout");`),
    allowed("inngest/y.ts", `import { dbHandle } from "@/lib/db/client";`),
    // Client code: types from anywhere, values only from the browser-safe lib/ modules.
    refused("components/x/y.tsx", `import { dbHandle } from "@/lib/db/client";`),
    allowed("components/x/y.tsx", `import type { Db } from "@/lib/db/client";`),
    allowed("components/x/y.tsx", `import { type Db } from "@/lib/db/client";`),
    refused("components/x/y.tsx", `import { Prisma } from "@/lib/generated/prisma/client";`),
    refused("components/x/y.tsx", `import { env } from "@/lib/env";`),
    refused("components/x/y.tsx", `import { createDomainSchema } from "@/lib/domains/schemas";`),
    allowed("components/x/y.tsx", `import { createSenderSchema } from "@/lib/senders/schemas";`),
    refused("components/x/y.tsx", `import { readFile } from "node:fs/promises";`),
    refused("components/x/y.tsx", `import path from "path";`),
    refused("components/x/y.tsx", `import pg from "pg";`),
    refused("components/x/y.tsx", `import { PrismaClient } from "@prisma/client";`),
    refused("components/x/y.tsx", `import { getServerSession } from "next-auth";`),
    allowed("components/x/y.tsx", `import { signIn } from "next-auth/react";`),
    refused("components/x/y.tsx", `import { GET } from "@/app/api/health/route";`),
    allowed("components/x/y.tsx", `import { useSenders } from "@/hooks/senders";`),
    refused("components/x/y.tsx", `import { dbHandle } from "../../lib/db/client";`),
    // The hooks hand data to components; toasts are raised by the QueryClient, not by them.
    refused("hooks/y.ts", `import { toast } from "@/components/ui/toast";`),
    refused("hooks/y.ts", `import { dbHandle } from "@/lib/db/client";`),
    allowed("hooks/y.ts", `import { MESSAGE_STATUSES } from "@/lib/events/message-status";`),
  ])("%s: %s (refused: %s)", async (file, code, isRefused) => {
    const said = await complaints(file, code);
    if (isRefused) expect(said).toHaveLength(1);
    else expect(said).toEqual([]);
  });
});
