// The client builds with tsc into an ESM package whose exports map resolves: installed under
// node_modules/@mailroom/node in a scratch folder, a plain .mjs file imports it by name and runs it.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const scratch = mkdtempSync(path.join(tmpdir(), "mailroom-sdk-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the @mailroom/node package", () => {
  it("builds with tsc and imports by name as ESM, with its type declarations", { timeout: 120_000 }, () => {
    const pkg = path.join(scratch, "node_modules", "@mailroom", "node");
    mkdirSync(pkg, { recursive: true });
    copyFileSync("sdk/package.json", path.join(pkg, "package.json"));
    execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "sdk/tsconfig.json", "--outDir", path.join(pkg, "dist")]);
    expect(existsSync(path.join(pkg, "dist", "index.d.ts"))).toBe(true);
    expect(existsSync(path.join(pkg, "dist", "generated", "openapi.d.ts"))).toBe(true);
    writeFileSync(
      path.join(scratch, "probe.mjs"),
      `import Mailroom, { MailroomError, signWebhook, verifyWebhook } from "@mailroom/node";
const client = new Mailroom("mr_x", { baseUrl: "http://127.0.0.1:9/" });
const secret = "whsec_" + Buffer.alloc(32, 7).toString("base64");
const ts = Math.floor(Date.now() / 1000);
const headers = { "webhook-id": "a", "webhook-timestamp": String(ts), "webhook-signature": "v1," + signWebhook(secret, "a", ts, "{}") };
let refused = null;
try { verifyWebhook("{ }", headers, secret); } catch (e) { refused = e instanceof MailroomError ? e.code : String(e); }
console.log(JSON.stringify({ base: client.baseUrl, emails: typeof client.emails.send, event: verifyWebhook("{}", headers, secret), refused }));`,
    );
    const out = execFileSync(process.execPath, ["probe.mjs"], { cwd: scratch, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({ base: "http://127.0.0.1:9", emails: "function", event: {}, refused: "WEBHOOK_INVALID_SIGNATURE" });
  });
});
