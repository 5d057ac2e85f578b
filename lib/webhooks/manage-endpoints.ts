// Create, read, update, delete and rotate an organization's webhook endpoints. A key bound to
// one project sees and manages only that project's endpoints; another organization's (or
// project's) endpoint is "not found". Every change is audited.
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { normalizeSubscription } from "@/lib/events/event-types";
import { checkOutboundUrl } from "@/lib/net/outbound-policy";
import { newWebhookSecret, ROTATION_OVERLAP_MS } from "@/lib/webhooks/signing";
import type { CreateEndpointInput, UpdateEndpointInput } from "@/lib/webhooks/schemas";
import type { Prisma } from "@/lib/generated/prisma/client";

const boundProject = (p: Principal) => (p.kind === "key" ? p.projectId : null);

function scopeOf(principal: Principal): Prisma.WebhookEndpointWhereInput {
  const project = boundProject(principal);
  return project ? { orgId: principal.orgId, projectId: project } : { orgId: principal.orgId };
}

/** What a refusal the operator's switch would lift says about it. */
export const PRIVATE_WEBHOOK_HINT =
  "set ALLOW_PRIVATE_WEBHOOK_URLS=true to allow http and local or private addresses; see docs/self-hosting.md#webhooks-to-your-own-network";

/** The URL policy (DESIGN.md §4), checked again at every delivery. */
async function acceptableUrl(raw: string): Promise<string> {
  const check = await checkOutboundUrl(raw, { allowPrivate: env().ALLOW_PRIVATE_WEBHOOK_URLS });
  if (!check.ok) {
    const reason = check.switchable ? `${check.reason} (${PRIVATE_WEBHOOK_HINT})` : check.reason;
    throw new AppError("VALIDATION_ERROR", `Invalid request: body.url: ${reason}`, [{ path: "body.url", message: reason }]);
  }
  return check.url.toString();
}

const audit = (principal: Principal, action: string, endpoint: { id: string; url: string }, tx?: Prisma.TransactionClient) =>
  recordAudit(
    {
      orgId: principal.orgId,
      ...actorOf(principal),
      action,
      targetType: "webhook_endpoint",
      targetId: endpoint.id,
      metadata: { url: endpoint.url },
    },
    tx,
  );

export async function listEndpoints({ principal, skip, take }: { principal: Principal; skip: number; take: number }) {
  const where = scopeOf(principal);
  const [items, total] = await Promise.all([
    db().webhookEndpoint.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take }),
    db().webhookEndpoint.count({ where }),
  ]);
  return { items, total };
}

export async function getEndpointOrThrow({ principal, id }: { principal: Principal; id: string }) {
  const row = await db().webhookEndpoint.findFirst({ where: { ...scopeOf(principal), id } });
  if (!row) throw notFound("Webhook endpoint");
  return row;
}

export async function createEndpoint({ principal, input }: { principal: Principal; input: CreateEndpointInput }) {
  const bound = boundProject(principal);
  if (bound && input.projectId && input.projectId !== bound) throw new AppError("PROJECT_NOT_FOUND", "Project not found");
  const projectId = bound ?? input.projectId ?? null;
  if (projectId && !(await db().project.findFirst({ where: { id: projectId, orgId: principal.orgId }, select: { id: true } }))) {
    throw new AppError("PROJECT_NOT_FOUND", "Project not found");
  }
  const url = await acceptableUrl(input.url);
  const { secret, sealed } = newWebhookSecret();
  const row = await db().$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: {
        orgId: principal.orgId,
        projectId,
        url,
        description: input.description,
        events: normalizeSubscription(input.events),
        secretSealed: sealed,
      },
    });
    await audit(principal, "webhook_endpoint.created", created, tx);
    return created;
  });
  return { ...row, secret };
}

export async function updateEndpoint({ principal, id, input }: { principal: Principal; id: string; input: UpdateEndpointInput }) {
  const existing = await getEndpointOrThrow({ principal, id });
  const data: Prisma.WebhookEndpointUpdateInput = {};
  if (input.url !== undefined) data.url = await acceptableUrl(input.url);
  if (input.description !== undefined) data.description = input.description;
  if (input.events !== undefined) data.events = normalizeSubscription(input.events);
  if (input.isActive !== undefined) {
    data.isActive = input.isActive;
    if (input.isActive) data.failureCount = 0; // re-enabling starts the consecutive count afresh
  }
  return db().$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.update({ where: { id: existing.id }, data });
    if (input.isActive === false) {
      // SPEC: a disabled endpoint receives nothing more; its queued deliveries stop here.
      await tx.webhookDelivery.updateMany({
        where: { endpointId: row.id, status: "pending" },
        data: { status: "cancelled", completedAt: new Date(), lastError: "endpoint disabled" },
      });
    }
    await audit(principal, input.isActive === false ? "webhook_endpoint.disabled" : "webhook_endpoint.updated", row, tx);
    return row;
  });
}

export async function deleteEndpoint({ principal, id }: { principal: Principal; id: string }) {
  const existing = await getEndpointOrThrow({ principal, id });
  await db().$transaction(async (tx) => {
    await tx.webhookEndpoint.delete({ where: { id: existing.id } }); // its deliveries go with it
    await audit(principal, "webhook_endpoint.deleted", existing, tx);
  });
  return { id: existing.id, deleted: true as const };
}

/** A new secret, shown once; the previous one keeps signing (as a second signature) for 24 hours. */
export async function rotateEndpointSecret({ principal, id }: { principal: Principal; id: string }) {
  const existing = await getEndpointOrThrow({ principal, id });
  const { secret, sealed } = newWebhookSecret();
  const row = await db().$transaction(async (tx) => {
    // The previous secret is whatever is current at this moment (not when it was read), so two
    // rotations at once never lose a secret someone was given.
    await tx.$executeRaw`
      UPDATE webhook_endpoints SET previous_secret_sealed = secret_sealed, secret_sealed = ${sealed},
        previous_secret_expires_at = ${new Date(Date.now() + ROTATION_OVERLAP_MS)}, updated_at = now()
      WHERE id = ${existing.id}::uuid`;
    const updated = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: existing.id } });
    await audit(principal, "webhook_endpoint.secret_rotated", updated, tx);
    return updated;
  });
  return { ...row, secret };
}
