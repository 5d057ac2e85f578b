// GET /api/connected-apps — the apps the signed-in user has connected in this organization (dashboard; any member)
import { z } from "zod";
import { legacyRoute } from "@/lib/http/legacy-route";
import { connectedAppSchema } from "@/lib/oauth/schemas";
import { listConnectedApps } from "@/lib/oauth/manage-apps";

// Any member: each user sees only their own connections, never anyone else's.
export const GET = legacyRoute(
  { access: "session", response: z.object({ connectedApps: z.array(connectedAppSchema) }) },
  async ({ principal }) => ({
    body: { connectedApps: await listConnectedApps({ orgId: principal.orgId, userId: principal.userId }) },
  }),
);
