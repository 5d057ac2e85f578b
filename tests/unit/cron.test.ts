import { describe, expect, it } from "vitest";
import { cronFor } from "@/inngest/functions";

describe("cron for recurring jobs", () => {
  it("covers minutes, hours and days", () => {
    expect(cronFor(60)).toBe("*/1 * * * *");
    expect(cronFor(600)).toBe("*/10 * * * *");
    expect(cronFor(3600)).toBe("0 */1 * * *");
    expect(cronFor(6 * 3600)).toBe("0 */6 * * *");
    expect(cronFor(86400)).toBe("0 0 * * *");
  });
});
