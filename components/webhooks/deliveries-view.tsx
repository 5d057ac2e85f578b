"use client";

import { useState } from "react";
import Link from "next/link";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useProjects } from "@/hooks/projects";
import { useTestWebhookEndpoint, useWebhookDeliveries, useWebhookEndpoint } from "@/hooks/webhooks";
import { PageHeader } from "@/components/ui/page-header";
import { ActionButton } from "@/components/ui/action-button";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { DisabledNotice, EndpointSummary } from "@/components/webhooks/endpoint-summary";
import { TestResult } from "@/components/webhooks/test-result";
import { DeliveryItem } from "@/components/webhooks/delivery-item";
import { PagedList } from "@/components/ui/paged-list";

const PAGE_SIZE = 20;
const DISABLED_REASON = "Enable the endpoint on the Webhooks page first: a disabled endpoint is sent nothing.";
/** The reason above, which the test button and every Resend button point at (aria-describedby). */
const BLOCKED_ID = "test-blocked-reason";

/** One endpoint's delivery history, newest first, with a test event and Resend for managers. */
export function DeliveriesView({ endpointId, role }: { endpointId: string; role: Role }) {
  const canManage = roleHas(role, "webhooks.manage");
  const endpoint = useWebhookEndpoint(endpointId);
  const projects = useProjects();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page, PAGE_SIZE);
  const test = useTestWebhookEndpoint();

  const active = endpoint.data?.isActive ?? false;
  const projectId = endpoint.data?.projectId;
  const projectName = projectId ? (projects.data?.find((p) => p.id === projectId)?.name ?? "One project") : undefined;
  const sendTest = () => test.mutate(endpointId);
  const testButton = canManage && endpoint.data && (
    <>
      <ActionButton
        className="btn-primary"
        onClick={sendTest}
        disabled={!active || test.isPending}
        aria-busy={test.isPending || undefined}
        aria-describedby={active ? undefined : BLOCKED_ID}
      >
        {test.isPending ? "Sending test…" : "Send test event"}
      </ActionButton>
      {!active && (
        <p id={BLOCKED_ID} className="max-w-xs text-xs text-zinc-500 sm:text-right dark:text-zinc-400">
          {DISABLED_REASON}
        </p>
      )}
    </>
  );

  return (
    <>
      <Link href="/webhooks" className="mb-4 inline-block text-sm text-brand-600 hover:underline dark:text-brand-500">
        <span aria-hidden="true">← </span>All webhook endpoints
      </Link>
      <PageHeader
        title="Deliveries"
        description="Every request Mailroom sent to this endpoint, newest first. Open one to see each attempt: the status code, how long it took and what your server answered."
        action={testButton}
      />

      <QueryState
        query={endpoint}
        loading="Loading the endpoint…"
        rows={1}
        errorViews={{
          404: (
            <EmptyState title="Endpoint not found" action={{ label: "Back to webhooks", href: "/webhooks" }}>
              It may have been deleted. Its deliveries went with it.
            </EmptyState>
          ),
        }}
      >
        {(data) => (
          <>
            <section
              aria-label="Endpoint"
              className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <EndpointSummary endpoint={data} projectName={projectName} />
              <DisabledNotice endpoint={data} canManage={canManage} />
            </section>
            <div aria-live="polite" className="mt-3">
              <TestResult result={test.data} />
            </div>

            <h2 className="mt-6 mb-3 text-lg font-semibold">History</h2>
            <QueryState
              query={deliveries}
              loading="Loading deliveries…"
              rows={4}
              isEmpty={(history) => history.total === 0}
              empty={
                <EmptyState
                  title="No deliveries yet"
                  action={canManage && active ? { label: "Send test event", onClick: sendTest, disabled: test.isPending } : undefined}
                >
                  Events this endpoint subscribes to show up here as Mailroom sends them.{" "}
                  {canManage ? "Send a test event to see one now." : "An owner or admin can send a test event to check it."}
                </EmptyState>
              }
            >
              {(history) => (
                <PagedList
                  label="Deliveries"
                  navLabel="Delivery pages"
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={history.total}
                  count={history.deliveries.length}
                  query={deliveries}
                  onPageChange={setPage}
                >
                  {history.deliveries.map((d) => (
                    <DeliveryItem
                      key={d.id}
                      endpointId={endpointId}
                      delivery={d}
                      canResend={canManage}
                      resendBlockedBy={active ? undefined : BLOCKED_ID}
                    />
                  ))}
                </PagedList>
              )}
            </QueryState>
          </>
        )}
      </QueryState>
    </>
  );
}
