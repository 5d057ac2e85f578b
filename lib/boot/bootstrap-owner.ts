// First start on an empty database: create the owner, an organization and its default
// project, from BOOTSTRAP_ADMIN_* or, without them, a local owner whose sign-in is printed once.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createOrganization } from "@/lib/orgs/create-organization";
import { isUniqueViolation } from "@/lib/db/errors";

export async function ensureBootstrapOwner(): Promise<{ created: boolean; email?: string }> {
  if ((await db().user.count()) > 0) return { created: false };
  const e = env();
  const email = e.BOOTSTRAP_ADMIN_EMAIL ?? "admin@localhost";
  const generated = !e.BOOTSTRAP_ADMIN_PASSWORD;
  const password = e.BOOTSTRAP_ADMIN_PASSWORD ?? randomBytes(12).toString("base64url");
  try {
    await createOrganization({ name: "My organization", owner: { email, password, generated } });
  } catch (err) {
    if (isUniqueViolation(err)) return { created: false }; // another instance got there first
    throw err;
  }
  if (generated) {
    console.log(
      [
        "",
        "  Mailroom created your owner account (shown only this once):",
        `    email:    ${email}`,
        `    password: ${password}`,
        "  Sign in at " + e.APP_URL + "/sign-in: you will be asked to choose a new password first.",
        "",
      ].join("\n"),
    );
  } else {
    console.log(`Mailroom: created owner ${email} from BOOTSTRAP_ADMIN_EMAIL.`);
  }
  return { created: true, email };
}
