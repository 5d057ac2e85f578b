// Everything a send needs to know about its organization, in one query: send mode, plan and
// allowance, the default project and the active providers in priority order.
import { rawQuery } from "@/lib/db/raw-query";
import type { Provider } from "@/lib/generated/prisma/client";

export interface SendContext {
  orgId: string;
  sendMode: "test" | "production";
  plan: string;
  monthlySendAllowance: number | null;
  require2faThreshold: number;
  defaultProjectId: string | null;
  providers: Provider[];
}

type ProviderJson = Omit<Provider, "createdAt" | "updatedAt" | "lastHealthCheck"> & {
  createdAt: string;
  updatedAt: string;
  lastHealthCheck: string | null;
};

export async function loadSendContext(orgId: string): Promise<SendContext> {
  const rows = await rawQuery<{
    send_mode: string;
    plan: string;
    monthly_send_allowance: number | null;
    require_2fa_threshold: number;
    default_project_id: string | null;
    providers: ProviderJson[];
  }>(
    `
    SELECT o.send_mode, o.plan, o.monthly_send_allowance, o.require_2fa_threshold,
      (SELECT id::text FROM projects WHERE org_id = o.id AND is_default ORDER BY created_at LIMIT 1) AS default_project_id,
      COALESCE((
        SELECT json_agg(json_build_object(
          'id', p.id, 'orgId', p.org_id, 'name', p.name, 'type', p.type, 'config', p.config,
          'secretsSealed', p.secrets_sealed, 'isActive', p.is_active, 'priority', p.priority,
          'rateLimitPerMinute', p.rate_limit_per_minute, 'rateLimitPerHour', p.rate_limit_per_hour,
          'rateLimitPerDay', p.rate_limit_per_day, 'isHealthy', p.is_healthy, 'lastHealthCheck', p.last_health_check,
          'lastError', p.last_error, 'accountSource', p.account_source, 'status', p.status,
          'createdAt', p.created_at, 'updatedAt', p.updated_at) ORDER BY p.priority, p.created_at, p.id)
        FROM providers p WHERE p.org_id = o.id AND p.is_active AND p.status = 'active'), '[]'::json) AS providers
    FROM organizations o WHERE o.id = $1::uuid`,
    [orgId],
  );
  const r = rows[0];
  if (!r) throw new Error(`Organization ${orgId} not found`);
  const providers = (typeof r.providers === "string" ? JSON.parse(r.providers) : r.providers) as ProviderJson[];
  return {
    orgId,
    sendMode: r.send_mode as SendContext["sendMode"],
    plan: r.plan,
    monthlySendAllowance: r.monthly_send_allowance === null ? null : Number(r.monthly_send_allowance),
    require2faThreshold: Number(r.require_2fa_threshold),
    defaultProjectId: r.default_project_id,
    providers: providers.map((p) => ({
      ...p,
      createdAt: new Date(p.createdAt),
      updatedAt: new Date(p.updatedAt),
      lastHealthCheck: p.lastHealthCheck ? new Date(p.lastHealthCheck) : null,
    })),
  };
}
