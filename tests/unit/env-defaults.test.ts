// Defaults that depend on how the server runs. ALLOW_PRIVATE_WEBHOOK_URLS (and
// ALLOW_PRIVATE_ATTACHMENT_URLS): unset, on under
// `next dev` (NODE_ENV=development) and off everywhere else; set, it wins in every environment.
// APP_URL: unset, http://localhost:<PORT>.
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "@/lib/env";

const saved = {
  NODE_ENV: process.env.NODE_ENV,
  ALLOW_PRIVATE_WEBHOOK_URLS: process.env.ALLOW_PRIVATE_WEBHOOK_URLS,
  ALLOW_PRIVATE_ATTACHMENT_URLS: process.env.ALLOW_PRIVATE_ATTACHMENT_URLS,
  APP_URL: process.env.APP_URL,
  PORT: process.env.PORT,
};

function setVar(name: string, value: string | undefined) {
  const vars = process.env as Record<string, string | undefined>;
  if (value === undefined) delete vars[name];
  else vars[name] = value;
}

function envWith(nodeEnv: string | undefined, allow: string | undefined) {
  setVar("NODE_ENV", nodeEnv);
  setVar("ALLOW_PRIVATE_WEBHOOK_URLS", allow);
  resetEnvCache();
  const e = env();
  return { allow: e.ALLOW_PRIVATE_WEBHOOK_URLS, byDefault: e.privateWebhookUrlsByDefault };
}

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) setVar(name, value);
  resetEnvCache();
});

describe("ALLOW_PRIVATE_WEBHOOK_URLS default", () => {
  it("is on in development (next dev) when unset", () => {
    expect(envWith("development", undefined)).toEqual({ allow: true, byDefault: true });
    expect(envWith("development", "")).toEqual({ allow: true, byDefault: true });
  });

  it("is off in production, in tests and without NODE_ENV when unset", () => {
    expect(envWith("production", undefined)).toEqual({ allow: false, byDefault: true });
    expect(envWith("test", undefined)).toEqual({ allow: false, byDefault: true });
    expect(envWith(undefined, undefined)).toEqual({ allow: false, byDefault: true });
  });

  it("follows an explicit setting in every environment", () => {
    expect(envWith("development", "false")).toEqual({ allow: false, byDefault: false });
    expect(envWith("development", "0")).toEqual({ allow: false, byDefault: false });
    expect(envWith("production", "true")).toEqual({ allow: true, byDefault: false });
    expect(envWith("production", "1")).toEqual({ allow: true, byDefault: false });
  });
});

describe("ALLOW_PRIVATE_ATTACHMENT_URLS default, as the webhook switch's", () => {
  const attachments = (nodeEnv: string | undefined, allow: string | undefined) => {
    setVar("NODE_ENV", nodeEnv);
    setVar("ALLOW_PRIVATE_ATTACHMENT_URLS", allow);
    resetEnvCache();
    const e = env();
    return { allow: e.ALLOW_PRIVATE_ATTACHMENT_URLS, byDefault: e.privateAttachmentUrlsByDefault };
  };

  it("is on only in development when unset, and follows an explicit setting everywhere", () => {
    expect(attachments("development", undefined)).toEqual({ allow: true, byDefault: true });
    expect(attachments("production", undefined)).toEqual({ allow: false, byDefault: true });
    expect(attachments(undefined, "")).toEqual({ allow: false, byDefault: true });
    expect(attachments("development", "false")).toEqual({ allow: false, byDefault: false });
    expect(attachments("production", "1")).toEqual({ allow: true, byDefault: false });
  });
});

describe("APP_URL default", () => {
  const appUrl = (vars: { APP_URL?: string; PORT?: string }) => {
    setVar("APP_URL", vars.APP_URL);
    setVar("PORT", vars.PORT);
    resetEnvCache();
    return env().APP_URL;
  };

  it("follows the port the server listens on", () => {
    expect(appUrl({ PORT: "3100" })).toBe("http://localhost:3100");
    expect(appUrl({})).toBe("http://localhost:3000");
  });

  it("is what APP_URL says when set, whatever the port", () => {
    expect(appUrl({ APP_URL: "https://mail.example.com", PORT: "3100" })).toBe("https://mail.example.com");
  });
});
