"use client";

import { useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useDeleteWebhookEndpoint, useRotateWebhookSecret, useWebhookEndpoints, type WebhookEndpoint } from "@/hooks/webhooks";
import { useProjects } from "@/hooks/projects";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EndpointItem } from "@/components/webhooks/endpoint-item";
import { EndpointFormDialog } from "@/components/webhooks/endpoint-form-dialog";
import { SigningSecretDialog, type ShownSecret } from "@/components/webhooks/signing-secret-dialog";
import { PagedList, pageAfterRemoving } from "@/components/ui/paged-list";

const NO_PERMISSION = "Only owners and admins can add or change webhook endpoints.";
const PER_PAGE = 25;

export function WebhooksView({ role }: { role: Role }) {
  const canManage = roleHas(role, "webhooks.manage");
  const [page, setPage] = useState(1);
  const endpoints = useWebhookEndpoints(page, PER_PAGE);
  const projects = useProjects();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  // null: closed; "new": adding; an endpoint: editing it.
  const [form, setForm] = useState<WebhookEndpoint | "new" | null>(null);
  // The one copy of a signing secret on the client; dropped when its dialog closes.
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  const projectNames = new Map(projects.data?.map((p) => [p.id, p.name]));
  const projectName = (e: WebhookEndpoint) => (e.projectId ? (projectNames.get(e.projectId) ?? "One project") : undefined);
  const openAdd = () => setForm("new");
  const list = endpoints.data?.endpoints ?? [];

  function closeRotate() {
    setRotating(null);
    rotate.reset();
  }

  function closeDelete() {
    setDeleting(null);
    remove.reset();
  }

  function confirmDelete(endpoint: WebhookEndpoint) {
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        setPage(pageAfterRemoving(list.length, page));
        closeDelete();
      },
    });
  }

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Mailroom sends a signed HTTP POST to your endpoints when something happens to your email: sent, delivered, bounced, opened and more. Failed deliveries are retried 5 times; an endpoint that fails 5 deliveries in a row is disabled."
        action={
          <RestrictedAction allowed={canManage} reason={NO_PERMISSION} onClick={openAdd}>
            Add endpoint
          </RestrictedAction>
        }
      />

      <QueryState
        query={endpoints}
        loading="Loading webhook endpoints…"
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          <EmptyState title="No webhook endpoints yet" action={canManage ? { label: "Add endpoint", onClick: openAdd } : undefined}>
            {canManage
              ? "Add the URL of a server of yours to get a request for each email event, then send it a test event to check that it verifies our signature."
              : "Ask an owner or admin of your organization to add an endpoint."}
          </EmptyState>
        }
      >
        {(data) => (
          <PagedList
            label="Webhook endpoints"
            navLabel="Webhook endpoint pages"
            page={page}
            pageSize={PER_PAGE}
            total={data.pagination.total}
            count={list.length}
            query={endpoints}
            onPageChange={setPage}
          >
            {list.map((e) => (
              <EndpointItem
                key={e.id}
                endpoint={e}
                projectName={projectName(e)}
                canManage={canManage}
                onEdit={setForm}
                onRotate={setRotating}
                onDelete={setDeleting}
              />
            ))}
          </PagedList>
        )}
      </QueryState>

      {/* Dialogs that close come before the secret dialog that opens, so focus lands in it. */}
      <EndpointFormDialog
        open={form !== null}
        endpoint={form === "new" ? null : form}
        projectName={form && form !== "new" ? projectName(form) : undefined}
        onClose={() => setForm(null)}
        onCreated={(c) => setShown({ reason: "created", url: c.url, secret: c.secret })}
      />
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate the signing secret?"
        description={
          <>
            A new secret for <strong className="break-all">{rotating?.url}</strong> is shown once. The current secret keeps signing
            alongside it for 24 hours, then stops.
          </>
        }
        confirmLabel="Rotate secret"
        pendingLabel="Rotating…"
        pending={rotate.isPending}
        error={rotate.error?.message}
        onClose={closeRotate}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id, {
            onSuccess: (r) => {
              closeRotate();
              setShown({ reason: "rotated", url: r.url, secret: r.secret });
            },
          })
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete webhook endpoint?"
        description={
          <>
            Mailroom stops sending events to <strong className="break-all">{deleting?.url}</strong>, and its delivery history is deleted
            with it. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={closeDelete}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
      <SigningSecretDialog shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
