// The fuzz suite covers the whole API: every method of every route file under app/api is a
// v1 operation, a catalogued legacy route or a special route with its own coverage, and every
// catalogued route exists. A new route file fails here until the suite covers it.
import { describe, expect, it } from "vitest";
import { allRoutes, specialRoutes } from "./support/catalogue";
import { routeFiles } from "./support/route-files";

describe("fuzz coverage", () => {
  const onDisk = routeFiles().flatMap((f) => f.methods.map((m) => `${m} ${f.path}`));
  const catalogued = [
    ...allRoutes.map((r) => `${r.method} ${r.path}`),
    ...specialRoutes.flatMap((s) => s.methods.map((m) => `${m} ${s.path}`)),
  ];

  it("finds the route files", () => {
    expect(onDisk.length).toBeGreaterThan(100);
    for (const f of routeFiles()) expect(f.methods.length, f.file).toBeGreaterThan(0);
  });

  it("names every method of every route file", () => {
    expect(onDisk.filter((r) => !catalogued.includes(r))).toEqual([]);
  });

  it("names no route that does not exist, and none twice", () => {
    expect(catalogued.filter((r) => !onDisk.includes(r))).toEqual([]);
    expect(catalogued.filter((r, i) => catalogued.indexOf(r) !== i)).toEqual([]);
  });

  it("says for each special route how it is covered", () => {
    for (const s of specialRoutes) expect(s.covered.length, s.path).toBeGreaterThan(10);
  });
});
