// The dashboard's side of deliveries: an endpoint's history with every attempt, a test event
// (SPEC Events: test event) attempted at once so the answer shows how it went, and "resend",
// which queues a past delivery's body again as a new delivery of the same event.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import type { Principal } from "@/lib/auth/principal";
import { getEndpointOrThrow } from "@/lib/webhooks/manage-endpoints";
import { announceDeliveries } from "@/lib/webhooks/announce";
import { claimNewDelivery } from "@/lib/webhooks/delivery-store";
import { runDeliveryAttempt } from "@/lib/webhooks/run-delivery-attempt";

export async function listDeliveries({
  principal,
  endpointId,
  skip,
  take,
}: {
  principal: Principal;
  endpointId: string;
  skip: number;
  take: number;
}) {
  const endpoint = await getEndpointOrThrow({ principal, id: endpointId });
  const where = { endpointId: endpoint.id };
  const [items, total] = await Promise.all([
    db().webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip,
      take,
      include: { attemptLog: { orderBy: { attempt: "asc" } } },
    }),
    db().webhookDelivery.count({ where }),
  ]);
  return { items, total };
}

export async function sendTestEvent({ principal, endpointId }: { principal: Principal; endpointId: string }) {
  const endpoint = await getEndpointOrThrow({ principal, id: endpointId });
  const payload = JSON.stringify({
    test: true,
    endpoint_id: endpoint.id,
    message: "This is a test event from Mailroom: your endpoint is reachable and can verify our signature.",
    timestamp: new Date().toISOString(),
  });
  // Created not yet due, so the runner leaves it to this request, which attempts it at once.
  const delivery = await db().webhookDelivery.create({
    data: {
      orgId: endpoint.orgId,
      endpointId: endpoint.id,
      eventType: "email.sent",
      payload,
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    },
  });
  const step = await runDeliveryAttempt(delivery.id, claimNewDelivery);
  if (step.next === "pending") await announceDeliveries([delivery.id]); // a failed test is retried like any delivery
  const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
  return {
    deliveryId: row.id,
    success: row.status === "succeeded",
    status: row.status,
    statusCode: row.lastStatusCode,
    durationMs: row.lastDurationMs,
    error: row.lastError,
  };
}

export async function resendDelivery({
  principal,
  endpointId,
  deliveryId,
}: {
  principal: Principal;
  endpointId: string;
  deliveryId: string;
}) {
  const endpoint = await getEndpointOrThrow({ principal, id: endpointId });
  const original = await db().webhookDelivery.findFirst({ where: { id: deliveryId, endpointId: endpoint.id } });
  if (!original) throw notFound("Delivery");
  const copy = await db().webhookDelivery.create({
    data: {
      orgId: endpoint.orgId,
      endpointId: endpoint.id,
      eventId: original.eventId,
      eventType: original.eventType,
      payload: original.payload,
    },
  });
  await announceDeliveries([copy.id]);
  return copy;
}
