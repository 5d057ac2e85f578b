import { describe, expect, it } from "vitest";
import { visibleControls } from "@/components/ui/visible-controls";

describe("visibleControls", () => {
  it("shows direction overrides and other invisible format characters as their code points", () => {
    expect(visibleControls("invoice\u202efdp.exe")).toBe("invoice⟨U+202E⟩fdp.exe");
    expect(visibleControls("a\u200bb\u2066c")).toBe("a⟨U+200B⟩b⟨U+2066⟩c");
    expect(visibleControls("Grüße, 日本 — ok")).toBe("Grüße, 日本 — ok");
  });
});
