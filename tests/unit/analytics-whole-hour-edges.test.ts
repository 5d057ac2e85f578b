// wholeHourEdges: a report range's edges in hours whose events retention deleted are taken as
// whole hours (at least half covered) or left out; elsewhere the range is untouched.
import { describe, expect, it } from "vitest";
import { wholeHourEdges } from "@/lib/analytics/whole-hour-edges";

const t = (iso: string) => new Date(iso);
const MARK = t("2026-08-10T12:00:00Z"); // events were deleted from hours up to 12:00-13:00
const edges = (from: string, to: string, mark: Date | null = MARK) => {
  const r = wholeHourEdges({ from: t(from), to: t(to) }, mark);
  return r && [r.from.toISOString(), r.to.toISOString()];
};

describe("wholeHourEdges", () => {
  it("leaves every range alone when no events were deleted", () => {
    expect(edges("2026-08-10T10:10:00Z", "2026-08-10T12:20:00Z", null)).toEqual(["2026-08-10T10:10:00.000Z", "2026-08-10T12:20:00.000Z"]);
  });

  it("leaves edges in hours after the mark exact", () => {
    expect(edges("2026-08-10T13:10:00Z", "2026-08-10T15:20:00Z")).toEqual(["2026-08-10T13:10:00.000Z", "2026-08-10T15:20:00.000Z"]);
  });

  it("takes an edge hour whole when the range covers at least half of it, else leaves it out", () => {
    // From 10:10 covers 50 minutes of 10:00-11:00: whole. To 12:20 covers 20 of 12:00-13:00: out.
    expect(edges("2026-08-10T10:10:00Z", "2026-08-10T12:20:00Z")).toEqual(["2026-08-10T10:00:00.000Z", "2026-08-10T11:59:59.999Z"]);
    // From 10:40 covers 20 minutes: out. To 12:30 covers 30: whole.
    expect(edges("2026-08-10T10:40:00Z", "2026-08-10T12:30:00Z")).toEqual(["2026-08-10T11:00:00.000Z", "2026-08-10T12:59:59.999Z"]);
  });

  it("rounds only the edge that lies at or before the mark", () => {
    expect(edges("2026-08-10T11:40:00Z", "2026-08-10T14:05:00Z")).toEqual(["2026-08-10T12:00:00.000Z", "2026-08-10T14:05:00.000Z"]);
  });

  it("keeps whole-hour ranges, ending them before the instant of their closing hour", () => {
    expect(edges("2026-08-10T09:00:00Z", "2026-08-10T12:00:00Z")).toEqual(["2026-08-10T09:00:00.000Z", "2026-08-10T11:59:59.999Z"]);
  });

  it("within one hour: the whole hour when the range spans at least half of it, else nothing", () => {
    expect(edges("2026-08-10T10:05:00Z", "2026-08-10T10:40:00Z")).toEqual(["2026-08-10T10:00:00.000Z", "2026-08-10T10:59:59.999Z"]);
    expect(edges("2026-08-10T10:00:00Z", "2026-08-10T10:30:00Z")).toEqual(["2026-08-10T10:00:00.000Z", "2026-08-10T10:59:59.999Z"]);
    expect(edges("2026-08-10T10:05:00Z", "2026-08-10T10:25:00Z")).toBeNull();
    expect(edges("2026-08-10T10:05:00Z", "2026-08-10T10:05:00Z")).toBeNull();
  });

  it("is empty when both edges round away inside two adjacent hours", () => {
    expect(edges("2026-08-10T10:45:00Z", "2026-08-10T11:10:00Z")).toBeNull();
  });
});
