// Each provider describes its settings once (lib/providers/<name>/fields.ts): the server's
// adapter and the dashboard form are both built from that description, and the registry has
// the server parts of exactly the catalog's types.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PROVIDER_CATALOG, PROVIDER_TYPES } from "@/lib/providers/catalog";
import { adapterFor, eventSourceFor, inboundSourceFor } from "@/lib/providers/registry";
import { PROVIDER_TYPE_INFO, providerTypeInfo } from "@/components/providers/provider-types";
import { buildConfig, changedDestination, initialConfigValues } from "@/components/providers/provider-config-values";

describe("the provider catalog", () => {
  it("lists the types in the order the API and the form offer them", () => {
    expect(PROVIDER_TYPES).toEqual(["resend", "smtp", "ses", "sendgrid", "postmark", "mailgun", "demo"]);
    expect(PROVIDER_TYPE_INFO.map((t) => t.type)).toEqual(PROVIDER_TYPES);
  });

  it("reaches the browser without any server module: only zod and the providers' fields", () => {
    // The form's import graph from components/providers/provider-types.ts, type-only imports left out.
    const root = path.resolve(import.meta.dirname, "../..");
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, "utf8");
      for (const [, specifier] of source.matchAll(/^import (?!type )[^;]*? from "([^"]+)";/gms)) {
        if (!specifier.startsWith("@/")) packages.add(specifier);
        else visit([".ts", ".tsx"].map((ext) => path.join(root, specifier.slice(2) + ext)).find((f) => existsSync(f))!);
      }
    };
    visit(path.join(root, "components/providers/provider-types.ts"));
    expect([...packages]).toEqual(["zod"]);
    const files = [...seen].map((f) => path.relative(root, f)).sort();
    expect(files).toContain("lib/providers/smtp/fields.ts");
    expect(
      files.every(
        (f) => f === "components/providers/provider-types.ts" || /^lib\/providers\/(catalog|config-fields|\w+\/fields)\.ts$/.test(f),
      ),
      files.join(", "),
    ).toBe(true);
  });

  it("has the server parts of each type, and the form says which webhooks each has", () => {
    for (const p of PROVIDER_CATALOG) {
      expect(adapterFor(p.type)?.type).toBe(p.type);
      expect(eventSourceFor(p.type) !== null, `${p.type} events`).toBe(p.eventWebhook === true);
      expect(inboundSourceFor(p.type) !== null, `${p.type} inbound`).toBe(p.inboundWebhook === true);
    }
    expect(adapterFor("constructor")).toBeUndefined();
  });
});

describe("adapters built from the fields", () => {
  const lists = (type: string) => {
    const a = adapterFor(type)!;
    return { secret: a.secretFields, credential: a.credentialFields, destination: a.destinationFields };
  };

  it("keep secrets, credentials and destinations apart", () => {
    expect(lists("resend")).toEqual({ secret: ["apiKey", "webhookSecret"], credential: ["apiKey"], destination: { baseUrl: "url" } });
    expect(lists("smtp")).toEqual({
      secret: ["password"],
      credential: ["password"],
      destination: { host: "host", port: "port", secure: "tls", requireTls: "tls", rejectUnauthorized: "tls" },
    });
    expect(lists("ses")).toEqual({ secret: ["secretAccessKey"], credential: ["secretAccessKey"], destination: { endpoint: "url" } });
    // Public keys and a user name are no secrets: shown in full.
    expect(lists("sendgrid")).toEqual({ secret: ["apiKey"], credential: ["apiKey"], destination: { baseUrl: "url" } });
    expect(lists("postmark")).toEqual({
      secret: ["serverToken", "webhookPassword"],
      credential: ["serverToken"],
      destination: { baseUrl: "url" },
    });
    expect(lists("mailgun")).toEqual({ secret: ["apiKey", "webhookSigningKey"], credential: ["apiKey"], destination: { baseUrl: "url" } });
    expect(lists("demo")).toEqual({ secret: [], credential: [], destination: {} });
  });

  it("validate every field the form shows, and no other", () => {
    for (const info of PROVIDER_TYPE_INFO) {
      const schema = adapterFor(info.type)!.configSchema as unknown as { shape: Record<string, unknown> };
      expect(Object.keys(schema.shape), info.type).toEqual(info.fields.map((f) => f.key));
    }
  });
});

describe("the form built from the fields", () => {
  const smtp = providerTypeInfo("smtp")!;

  it("starts a new provider from the schema's defaults and asks for what the schema needs", () => {
    expect(initialConfigValues(smtp)).toEqual({
      host: "",
      port: "587",
      secure: "auto",
      username: "",
      password: "",
      requireTls: false,
      rejectUnauthorized: true,
      name: "",
    });
    expect(smtp.fields.filter((f) => f.required).map((f) => f.key)).toEqual(["host", "port"]);
    expect(
      providerTypeInfo("ses")!
        .fields.filter((f) => f.required)
        .map((f) => f.key),
    ).toEqual(["region", "accessKeyId", "secretAccessKey"]);
  });

  it("checks a key's prefix and the fields that go together, as the server does", () => {
    const resend = providerTypeInfo("resend")!;
    expect(buildConfig(resend, { apiKey: "sk_1", baseUrl: "", webhookSecret: "" }).errors).toEqual({
      apiKey: "This should start with re_",
    });
    expect(buildConfig(smtp, { ...initialConfigValues(smtp), host: "smtp.example.test", username: "me" }).errors).toEqual({
      password: "Enter the password for this username.",
    });
    expect(buildConfig(smtp, { ...initialConfigValues(smtp), host: "smtp.example.test" })).toEqual({
      config: { host: "smtp.example.test", port: 587, requireTls: false, rejectUnauthorized: true },
      errors: {},
    });
  });

  it("names the changed destination when a credential must be entered again", () => {
    const stored = { host: "a.example.test", port: 587, requireTls: false, rejectUnauthorized: true, password: "********" };
    const values = { ...initialConfigValues(smtp, stored), host: "b.example.test", rejectUnauthorized: false };
    expect(changedDestination(smtp, values, stored)).toEqual(["host", "TLS settings"]);
    expect(
      changedDestination(providerTypeInfo("ses")!, { endpoint: "https://vpce.example.test" }, { endpoint: "https://old.example.test" }),
    ).toEqual(["endpoint"]);
  });
});
