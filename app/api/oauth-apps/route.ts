// GET /api/oauth-apps — the organization's registered OAuth apps, never a secret (dashboard; keys.view)
// POST /api/oauth-apps — register an app; a confidential app's secret is in this response only (dashboard; keys.manage)
import { z } from "zod";
import { legacyRoute } from "@/lib/http/legacy-route";
import { appSchema, createAppSchema, createdAppSchema } from "@/lib/oauth/schemas";
import { listApps } from "@/lib/oauth/manage-apps";
import { createApp } from "@/lib/oauth/register-client";

export const GET = legacyRoute(
  { access: "session", permission: "keys.view", response: z.object({ apps: z.array(appSchema) }) },
  async ({ principal }) => ({
    body: { apps: await listApps(principal.orgId) },
  }),
);

export const POST = legacyRoute(
  { access: "session", permission: "keys.manage", body: createAppSchema, response: createdAppSchema },
  async ({ principal, body }) => {
    const { client, clientSecret } = await createApp({ orgId: principal.orgId, userId: principal.userId, input: body });
    const app = { ...client, confidential: clientSecret !== null, connections: 0, clientSecret };
    return { body: app, status: 201 };
  },
);
