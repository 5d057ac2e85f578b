// How many days each kind of data is kept (docs/retention.md), from the validated environment.
// 0 keeps that kind forever.
import { env } from "@/lib/env";

export interface RetentionSettings {
  eventsDays: number;
  webhookDeliveriesDays: number;
  auditDays: number;
  messageBodiesDays: number;
}

export function retentionSettings(): RetentionSettings {
  const e = env();
  return {
    eventsDays: e.RETENTION_EVENTS_DAYS,
    webhookDeliveriesDays: e.RETENTION_WEBHOOK_DELIVERIES_DAYS,
    auditDays: e.RETENTION_AUDIT_DAYS,
    messageBodiesDays: e.RETENTION_MESSAGE_BODIES_DAYS,
  };
}
