// The order a message's status moves in (lib/events/message-status.ts): only up, whatever order
// the reports arrive in; outcomes outrank progress; the summary of several recipients.
import { describe, expect, it } from "vitest";
import {
  REPORTED_STATUS_ORDER,
  STATUS_OF_EVENT,
  advanceStatus,
  recipientStatuses,
  shownStatus,
  statusRank,
  statusSummary,
  type ReportedStatus,
} from "@/lib/events/message-status";
import { EMAIL_EVENT_TYPES } from "@/lib/events/event-types";

const fold = (reports: ReportedStatus[]) => reports.reduce<string | null>((s, r) => advanceStatus(s, r), null);

describe("advanceStatus", () => {
  it("moves up the order and never back", () => {
    expect(fold(["delivered", "opened"])).toBe("opened");
    expect(fold(["opened", "delivered"])).toBe("opened"); // an open reported before its delivery
    expect(fold(["deferred", "delivered"])).toBe("delivered");
    expect(fold(["delivered", "deferred"])).toBe("delivered");
    expect(fold(["clicked", "opened", "delivered"])).toBe("clicked");
  });

  it("outcomes outrank progress: a bounce after delivery, a complaint after a click", () => {
    expect(fold(["delivered", "bounced"])).toBe("bounced");
    expect(fold(["bounced", "delivered"])).toBe("bounced");
    expect(fold(["clicked", "complained", "opened"])).toBe("complained");
    expect(fold(["failed", "bounced"])).toBe("bounced");
  });

  it("the result is the same in every arrival order", () => {
    const reports: ReportedStatus[] = ["deferred", "delivered", "opened", "clicked"];
    const orders = [reports, [...reports].reverse(), ["opened", "deferred", "clicked", "delivered"] as ReportedStatus[]];
    expect(new Set(orders.map(fold))).toEqual(new Set(["clicked"]));
  });

  it("ranks pipeline statuses below every report", () => {
    for (const s of ["queued", "unconfirmed", null, undefined]) expect(statusRank(s)).toBe(0);
    expect(REPORTED_STATUS_ORDER.map(statusRank)).toEqual(REPORTED_STATUS_ORDER.map((_, i) => i + 1));
  });
});

describe("events and statuses", () => {
  it("maps every delivery event to a status; email.sent and email.unsubscribed report none", () => {
    const unmapped = EMAIL_EVENT_TYPES.filter((t) => !STATUS_OF_EVENT[t]);
    expect(unmapped).toEqual(["email.sent", "email.unsubscribed"]);
    expect(STATUS_OF_EVENT["email.dropped"]).toBe("failed");
    expect(STATUS_OF_EVENT["email.deferred"]).toBe("deferred");
  });
});

describe("shown status and summary", () => {
  it("shows the pipeline's status until a provider reports", () => {
    expect(shownStatus("queued", null)).toBe("queued");
    expect(shownStatus("sent", "delivered")).toBe("delivered");
  });

  it("gives each recipient its report, or the pipeline's status, matched without case", () => {
    expect(recipientStatuses(["A@x.test", "b@x.test", "A@x.test"], "sent", { "a@x.test": "opened" })).toEqual([
      { email: "A@x.test", status: "opened" },
      { email: "b@x.test", status: "sent" },
    ]);
  });

  it("summarises several recipients highest first, one recipient by its status alone", () => {
    const of = (...s: string[]) => s.map((status) => ({ status }));
    expect(statusSummary(of("delivered", "bounced", "delivered"))).toBe("bounced (1 of 3), delivered (2 of 3)");
    expect(statusSummary(of("opened"))).toBe("opened");
    expect(statusSummary(of("sent", "queued"))).toBe("sent (1 of 2), queued (1 of 2)");
  });
});
