// Slots: at most `size` pieces of work at once, the rest waiting in turn; a waiter whose signal
// aborts leaves the line without taking a slot, and a slot given back goes to the next in line.
import { describe, expect, it } from "vitest";
import { Slots } from "@/lib/net/slots";

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
};

describe("Slots", () => {
  it("runs at most its size at once, the others in the order they came", async () => {
    const slots = new Slots(2);
    const signal = new AbortController().signal;
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      slots.run(signal, async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0, 1]);
    gates[1].open();
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((g) => g.open());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it("a waiter whose signal aborts gives up without taking a slot; a slot goes back when work throws", async () => {
    const slots = new Slots(1);
    const busy = gate();
    const first = slots.run(new AbortController().signal, () => busy.opened);
    const impatient = new AbortController();
    const waiting = slots.run(impatient.signal, async () => "never");
    impatient.abort(new Error("deadline"));
    await expect(waiting).rejects.toThrow("deadline");
    busy.open();
    await first;
    await expect(slots.run(new AbortController().signal, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await slots.run(new AbortController().signal, async () => "next")).toBe("next");
    const aborted = new AbortController();
    aborted.abort(new Error("already"));
    await expect(slots.run(aborted.signal, async () => "x")).rejects.toThrow("already");
  });
});
