// Start-up: the first owner on an empty database (printed once when no BOOTSTRAP_* is set),
// and a production start without its secrets refuses to run.
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startAndWaitForExit } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "mailroom-boot-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("first owner", () => {
  it("without BOOTSTRAP_*, creates admin@localhost with a generated password printed once", async () => {
    // This file's own embedded database, not the run's PostgreSQL.
    delete process.env.DATABASE_URL;
    delete process.env.BOOTSTRAP_ADMIN_EMAIL;
    delete process.env.BOOTSTRAP_ADMIN_PASSWORD;
    process.env.DATA_DIR = dataDir;
    const { resetEnvCache } = await import("@/lib/env");
    resetEnvCache();
    const { dbHandle, closeDb } = await import("@/lib/db/client");
    const { applyMigrations } = await import("@/lib/db/migrate");
    const { ensureBootstrapOwner } = await import("@/lib/boot/bootstrap-owner");
    const { verifyCredentials } = await import("@/lib/users/verify-credentials");
    await applyMigrations(dbHandle());

    const printed: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    expect(await ensureBootstrapOwner()).toEqual({ created: true, email: "admin@localhost" });
    expect(await ensureBootstrapOwner()).toEqual({ created: false });
    spy.mockRestore();

    expect(printed).toHaveLength(1);
    const password = /password: (\S+)/.exec(printed[0])?.[1];
    expect(password).toBeTruthy();
    const user = await verifyCredentials("admin@localhost", password!);
    expect(user).toMatchObject({ email: "admin@localhost", role: "owner" });
    const projects = await dbHandle().prisma.project.findMany({ where: { orgId: user!.orgId } });
    expect(projects).toMatchObject([{ name: "Default", isDefault: true }]);
    await closeDb();
  });
});

describe("production start", () => {
  it.each(["AUTH_SECRET", "ENCRYPTION_KEY"])("refuses to run without %s, saying why", async (missing) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...inject("serverEnv"), DATABASE_URL: inject("databaseUrl"), NODE_ENV: "production" };
    delete env[missing];
    const { code, out } = await startAndWaitForExit(env);
    expect(code).toBe(1);
    expect(out).toContain(`${missing} is required when NODE_ENV=production`);
  });

  it("on Vercel, refuses to run without Inngest and PostgreSQL, naming the variables to set", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...inject("serverEnv"), NODE_ENV: "production", VERCEL: "1" };
    for (const name of ["DATABASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "INNGEST_BASE_URL"]) delete env[name];
    const { code, out } = await startAndWaitForExit(env);
    expect(code).toBe(1);
    expect(out).toContain("Vercel detected (VERCEL is set); set these variables:");
    expect(out).toContain("DATABASE_URL: a PostgreSQL connection string");
    expect(out).toContain("INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY");
    expect(out).toContain("docs/deploy-vercel.md");
  });
});
