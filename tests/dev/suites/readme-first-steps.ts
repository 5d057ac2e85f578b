// The README's first steps, followed as a newcomer follows them, on `npm run dev` with a fresh
// embedded database: the sign-in the console printed, a new password and a name, an API key, a
// test list, a webhook to this machine, the README's own receiver script and its own curl (run by
// curl itself), a verified delivery, and the message page going from Delivered to Opened for a
// demo address. The time from starting the server to the first verified webhook is measured and
// written to tests/dev/first-steps-time.json (what the README's first-run section states).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startDevServer, type DevServer } from "../../helpers/dev-server";
import { launchBrowser } from "../../e2e/browser";
import { until } from "../../helpers/until";

let dev: DevServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let receiver: ChildProcess | undefined;
let receiverOutput = "";
let startedAt = 0;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** A fenced block of the README's first-run section that contains `marker`. */
function readmeBlock(marker: string): string {
  const readme = readFileSync("README.md", "utf8");
  const section = readme.slice(0, readme.indexOf("## First run in detail"));
  const block = [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes(marker));
  if (!block) throw new Error(`No README block with ${marker} before "First run in detail"`);
  return block.replace(/^ {3}/gm, "");
}

/** Runs a README shell line with bash, as a reader's terminal would. */
async function shell(command: string, env: Record<string, string>): Promise<string> {
  const child = spawn("bash", ["-c", command], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (out += c));
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`${command} exited ${code}: ${out}`);
  return out;
}

// The status badge beside the message's heading.
const status = (page: Page) => page.locator("h1 + span").textContent();

describe("the README's first steps on npm run dev", () => {
  beforeAll(async () => {
    startedAt = Date.now();
    [dev, browser] = await Promise.all([startDevServer(), launchBrowser()]);
  }, 300_000);

  afterAll(async () => {
    receiver?.kill();
    await browser?.close();
    await dev?.close();
  });

  it(
    "take a newcomer from the printed sign-in to a verified webhook and a message that says Delivered, then Opened",
    { timeout: 600_000 },
    async () => {
      const page = await browser.context.newPage();
      // next dev compiles each page on its first request: slow on a small machine.
      page.setDefaultTimeout(180_000);
      const base = dev.baseUrl;

      // 1-2. The console's sign-in; a new password and a name before the dashboard.
      const owner = dev.printedOwner();
      expect(owner, dev.output()).not.toBeNull();
      expect(dev.output()).toContain(`Sign in at ${base}/sign-in`);
      await page.goto(`${base}/sign-in`);
      await page.getByLabel("Email").fill(owner!.email);
      await page.getByLabel("Password", { exact: true }).fill(owner!.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${base}/change-password`);
      const askName = page.getByRole("region", { name: "What should we call you?" });
      await askName.getByLabel("Your name").fill("Ada Lovelace");
      await askName.getByRole("button", { name: "Save name" }).click();
      // Saved, the prompt goes: the page is drawn again for someone who has a name.
      await askName.waitFor({ state: "detached" });
      await page.getByLabel("Current password").fill(owner!.password);
      await page.getByLabel("New password", { exact: true }).fill("ada-chose-this-1");
      await page.getByLabel("New password again").fill("ada-chose-this-1");
      await page.getByRole("button", { name: "Change password" }).click();
      await page.waitForURL(`${base}/`);
      await page.getByText("Welcome, Ada Lovelace.").waitFor();

      // 3. API keys → Create API key, scope email:send; shown once.
      await page.getByRole("link", { name: "API keys", exact: true }).click();
      await page.getByRole("button", { name: "Create API key" }).first().click();
      const keyDialog = page.getByRole("dialog");
      await keyDialog.getByLabel("Name").fill("First steps");
      await keyDialog.getByLabel(/\(email:send\)/).check();
      await keyDialog.getByRole("button", { name: "Create API key" }).click();
      const key = (await page.getByTestId("new-api-key").textContent())!.trim();
      expect(key).toMatch(/^mr_/);
      await keyDialog.getByRole("button", { name: "I have copied the key" }).click();

      // A test list with the owner's own address (real recipients in test mode need one).
      await page.getByRole("link", { name: "Safety", exact: true }).click();
      await page.getByRole("button", { name: "Create test list" }).first().click();
      const listDialog = page.getByRole("dialog");
      await listDialog.getByLabel("Name").fill("Me");
      await listDialog.getByLabel("Email addresses").fill("ada@example.test");
      await listDialog.getByRole("button", { name: "Create test list" }).click();
      await page.getByRole("list", { name: "Addresses on Me" }).getByText("ada@example.test").waitFor();

      // 4. Webhooks → Add endpoint on this machine: accepted under npm run dev; the secret shown once.
      const port = await freePort();
      await page.getByRole("link", { name: "Webhooks", exact: true }).click();
      await page.getByRole("button", { name: "Add endpoint" }).first().click();
      const hookDialog = page.getByRole("dialog");
      await hookDialog.getByLabel("URL").fill(`http://127.0.0.1:${port}/hook`);
      await hookDialog.getByRole("button", { name: "Add endpoint" }).click();
      const secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole("button", { name: "I have copied the secret" }).click();

      // 5. The README's receiver, as the README runs it (on a free port instead of 4555).
      const receiverLine = readmeBlock("webhook-receiver.mjs").trim().replace("whsec_…", secret);
      receiver = spawn("bash", ["-c", receiverLine], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
      receiver.stdout!.on("data", (c) => (receiverOutput += c));
      receiver.stderr!.on("data", (c) => (receiverOutput += c));
      await until(
        async () => receiverOutput,
        (out) => out.includes(`Listening on http://127.0.0.1:${port}/hook`),
        { timeoutMs: 15_000 },
      );

      // 6. The README's curl, run by curl, to a demo address that is opened (the README's sends to delivered@).
      const curl = readmeBlock("/api/v1/email/send")
        .replace("http://localhost:3000", base)
        .replace("delivered@demo.mailroom.test", "opened@demo.mailroom.test");
      const answer = JSON.parse(await shell(curl, { MAILROOM_KEY: key }));
      expect(answer.data, JSON.stringify(answer)).toMatchObject({ status: "sent", provider: "demo" });

      expect(
        await until(
          async () => receiverOutput,
          (out) => out.includes("✓ verified email.delivered"),
          { timeoutMs: 60_000 },
        ),
      ).toContain("✓ verified email.delivered");
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      writeFileSync(
        "tests/dev/first-steps-time.json",
        JSON.stringify({ startToVerifiedWebhookSeconds: seconds, measuredAt: new Date().toISOString() }) + "\n",
      );
      console.log(`README first steps: npm run dev start to a verified webhook in ${seconds} s`);
      expect(receiverOutput).toMatch(/✓ verified email\.sent/);
      expect(receiverOutput).not.toMatch(/refused|✗/);

      // The message's page: Delivered, then Opened, as its timeline says.
      await page.getByRole("link", { name: "Messages", exact: true }).click();
      await page.getByTestId("message-row").filter({ hasText: "opened@demo.mailroom.test" }).first().getByRole("link").first().click();
      await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
      await expect.poll(async () => (await page.reload(), status(page)), { timeout: 60_000, interval: 2000 }).toMatch(/Delivered|Opened/);
      await expect.poll(async () => (await page.reload(), status(page)), { timeout: 60_000, interval: 2000 }).toBe("Opened");
      const types = await page.getByTestId("timeline-event").evaluateAll((items) => items.map((i) => i.getAttribute("data-type")));
      expect(types).toEqual(expect.arrayContaining(["email.sent", "email.delivered", "email.opened"]));
      await page.close();
    },
  );
});
