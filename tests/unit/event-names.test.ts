// Event type names as callers write them (POST /api/analytics/track), and the link the demo
// provider clicks.
import { describe, expect, it } from "vitest";
import { canonicalEventType } from "@/lib/events/event-types";
import { firstLink } from "@/lib/events/demo-plan";

describe("canonicalEventType", () => {
  it("takes full names, short names and aliases, in any case", () => {
    expect(canonicalEventType("email.opened")).toBe("email.opened");
    expect(canonicalEventType("opened")).toBe("email.opened");
    expect(canonicalEventType(" Delivery_Delayed ")).toBe("email.deferred");
    expect(canonicalEventType("email.failed")).toBe("email.dropped");
  });

  it("finds nothing for an object's own property names", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "email.constructor", "valueOf"])
      expect(canonicalEventType(name), name).toBeNull();
  });
});

describe("firstLink", () => {
  it("is the first <a>'s http(s) link, not a <base>'s or a stylesheet's", () => {
    const html = `<base href="https://base.example/"><link rel="stylesheet" href="https://css.example/a.css"><p><a class="x" href="https://shop.example/p">Shop</a></p>`;
    expect(firstLink(html)).toBe("https://shop.example/p");
    expect(firstLink(`<a href="mailto:a@b.example">mail</a>`)).toBeNull();
    expect(firstLink(undefined)).toBeNull();
  });
});
