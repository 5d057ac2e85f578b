// GET /api/safety/mode — send mode settings (dashboard)
// PUT /api/safety/mode — switch test/production; production needs an admin (dashboard)
import { legacyRoute } from "@/lib/http/legacy-route";
import { getModeSettings, setSendMode } from "@/lib/safety/send-mode";
import { modeSettingsSchema, setModeSchema } from "@/lib/safety/schemas";

export const GET = legacyRoute({ access: "session", permission: "org.view", response: modeSettingsSchema }, async ({ principal }) => ({
  body: await getModeSettings({ orgId: principal.orgId }),
}));

export const PUT = legacyRoute({ access: "session", body: setModeSchema, response: modeSettingsSchema }, async ({ principal, body }) => ({
  body: await setSendMode({ orgId: principal.orgId, actor: principal, mode: body.mode }),
}));
