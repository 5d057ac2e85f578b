// The client's generated API types (sdk/src/generated/openapi.ts) are those of the operations as
// they are now: regenerated in memory and compared with the committed file. When this fails, run
// `npm run sdk:types` and commit the result.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SDK_TYPES_FILE, sdkTypesSource } from "@/scripts/sdk-types";

describe("the client's generated types", () => {
  it("are current (npm run sdk:types)", { timeout: 60_000 }, async () => {
    const committed = readFileSync(SDK_TYPES_FILE, "utf8");
    const fresh = await sdkTypesSource();
    expect(committed === fresh, "sdk/src/generated/openapi.ts is behind the operations: run `npm run sdk:types`").toBe(true);
    expect(fresh).toContain('"/api/v1/email/send"');
  });
});
