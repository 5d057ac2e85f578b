// `npm run inbound`: the SMTP listener as its own process beside the app on the same
// PostgreSQL. What it records, the app's job runner processes.
import { spawn, type ChildProcess } from "node:child_process";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "../../helpers/http";
import { newOrg } from "../../helpers/factory";
import { freePort } from "../../helpers/server";

let child: ChildProcess;
let port: number;
let output = "";

beforeAll(async () => {
  port = await freePort();
  // npm run inbound is `npm run db:generate && tsx scripts/inbound.ts`; the client is generated already.
  child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/inbound.ts"], {
    env: {
      ...process.env,
      ...inject("serverEnv"),
      DATABASE_URL: inject("databaseUrl"),
      INBOUND_SMTP_PORT: String(port),
      INBOUND_SMTP_HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!output.includes("inbound SMTP listening")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm run inbound did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
});

it("receives mail for an organization's domain; the app runs the rules; SIGTERM stops it cleanly", async () => {
  const org = await newOrg();
  const domain = `in-${org.org.id.slice(0, 8)}.script.test`;
  expect((await call("/api/inbound/domains", { cookie: org.cookie, body: { name: domain } })).status).toBe(201);
  const subject = `from the standalone listener ${Date.now()}`;
  await nodemailer
    .createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true })
    .sendMail({ from: "ann@sender.test", to: `desk@${domain}`, subject, text: "hi" });
  const deadline = Date.now() + 15_000;
  let row = await db().inboundMessage.findFirst({ where: { orgId: org.org.id, subject } });
  while (row?.status !== "processed" && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    row = await db().inboundMessage.findFirst({ where: { orgId: org.org.id, subject } });
  }
  expect(row).toMatchObject({ status: "processed", inInbox: true, envelopeTo: [`desk@${domain}`] });
  child.kill("SIGTERM");
  const code = await new Promise((r) => child.once("exit", (c) => r(c)));
  expect(code).toBe(0);
});
