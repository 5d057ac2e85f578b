"use client";

import { useState } from "react";
import Link from "next/link";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useApiKeys, type CreatedApiKey } from "@/hooks/api-keys";
import { useProviders } from "@/hooks/providers";
import { useFirstSend, useWebhookCount } from "@/hooks/first-run";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { CreateApiKeyDialog } from "@/components/api-keys/create-api-key-dialog";
import { NewApiKeyDialog } from "@/components/api-keys/new-api-key-dialog";
import { ChecklistStep, StepLink, stepLinkClass } from "@/components/overview/checklist-step";
import { FirstSendStep } from "@/components/overview/first-send-step";
import { useDemoChoice } from "@/components/overview/demo-choice";
import { ChecklistFailed, ChecklistFrame, ChecklistHeading, ChecklistLoading } from "@/components/overview/checklist-frame";

const STEPS = 4;

export interface GettingStartedProps {
  email: string;
  orgId: string;
  role: Role;
}

/**
 * The first things to set up, read from the product's own routes and ticked off as they are
 * done: a provider (or demo mode), an API key, a first send, a webhook. Once all four are
 * done it folds away, and can be opened again.
 */
export function GettingStarted({ email, orgId, role }: GettingStartedProps) {
  const can = {
    providers: roleHas(role, "providers.manage"),
    keys: roleHas(role, "keys.manage"),
    send: roleHas(role, "email.send"),
    safety: roleHas(role, "safety.configure"),
    webhooks: roleHas(role, "webhooks.manage"),
  };
  const providers = useProviders();
  const keys = useApiKeys();
  const sent = useFirstSend();
  const webhooks = useWebhookCount();
  const [demoChosen, chooseDemo] = useDemoChoice(orgId);
  const [creating, setCreating] = useState(false);
  // The whole key of one created here: in this component's state only (never storage or the
  // query cache), so it is in the curl until the reader leaves the page.
  const [fresh, setFresh] = useState<CreatedApiKey | null>(null);
  const [showing, setShowing] = useState<CreatedApiKey | null>(null);
  const [reopened, setReopened] = useState(false);

  const queries = [providers, keys, sent, webhooks];
  const failed = queries.find((q) => q.error)?.error;

  if (failed) return <ChecklistFailed message={failed.message} onRetry={() => queries.forEach((q) => q.error && q.refetch())} />;
  if (!providers.data || !keys.data || !sent.data || webhooks.data === undefined) return <ChecklistLoading steps={STEPS} />;

  const realProvider = providers.data.find((p) => p.type !== "demo" && p.isActive);
  const activeKeys = keys.data.filter((k) => !k.revokedAt);
  const done = {
    provider: Boolean(realProvider) || demoChosen || sent.data.total > 0,
    key: activeKeys.length > 0 || fresh !== null,
    send: sent.data.total > 0,
    webhook: webhooks.data > 0,
  };
  const count = Object.values(done).filter(Boolean).length;
  const allDone = count === STEPS;

  if (allDone && !reopened) {
    return (
      <ChecklistFrame>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ChecklistHeading />
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            All {STEPS} steps done.{" "}
            <button type="button" className={stepLinkClass} onClick={() => setReopened(true)} aria-expanded={false}>
              Show the checklist
            </button>
          </p>
        </div>
      </ChecklistFrame>
    );
  }

  return (
    <ChecklistFrame>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <ChecklistHeading />
        <div className="flex items-center gap-3">
          <span className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="checklist-progress">
            {count} of {STEPS} done
          </span>
          {allDone && (
            <button
              type="button"
              className={`${stepLinkClass} text-sm`}
              onClick={() => setReopened(false)}
              aria-expanded={true}
              aria-controls="getting-started-steps"
            >
              Hide the checklist
            </button>
          )}
        </div>
      </div>
      <div aria-hidden="true" className="mt-3 h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
        <div className="h-full rounded-full bg-green-600 transition-[width]" style={{ width: `${(count / STEPS) * 100}%` }} />
      </div>

      <ol id="getting-started-steps" className="mt-5 space-y-6">
        <ChecklistStep
          number={1}
          testId="step-provider"
          title="Add a provider — or keep demo mode"
          done={done.provider}
          doneNote={
            realProvider ? (
              <>
                Email goes out through <strong>{realProvider.name}</strong>.
              </>
            ) : (
              <>
                Demo mode: sends are simulated and nothing leaves this machine.{" "}
                {can.providers && (
                  <Link href="/providers" className={stepLinkClass}>
                    Add a real provider
                  </Link>
                )}
              </>
            )
          }
        >
          <p>
            Mailroom sends through your own account with Resend, SMTP, Amazon SES, SendGrid, Postmark or Mailgun. Until you add one, the
            built-in <strong>demo mode</strong> stands in: nothing leaves this machine, and delivery, opens, clicks and bounces are
            simulated a few seconds after each send, so you can watch a message&apos;s timeline fill.
          </p>
          <div className="flex flex-wrap items-start gap-2">
            <StepLink allowed={can.providers} href="/providers" label="Add a provider" reason="Only owners and admins can add providers." />
            <button type="button" className="btn-secondary" onClick={() => chooseDemo(true)}>
              Use demo mode
            </button>
          </div>
        </ChecklistStep>

        <ChecklistStep
          number={2}
          testId="step-key"
          title="Create an API key"
          done={done.key}
          doneNote={
            fresh ? (
              <>Key “{fresh.name}” created; it is in the command below until you leave this page.</>
            ) : (
              <>
                {activeKeys.length} active key{activeKeys.length === 1 ? "" : "s"}.{" "}
                <Link href="/api-keys" className={stepLinkClass}>
                  Manage keys
                </Link>
              </>
            )
          }
        >
          <p>Your servers send it as a Bearer token. Grant only the scopes they need; to send email a key needs email:send.</p>
          <div className="flex flex-col items-start gap-1">
            <RestrictedAction
              allowed={can.keys}
              reason="Only owners and admins can create API keys: ask one to create a key for you."
              onClick={() => setCreating(true)}
            >
              Create an API key
            </RestrictedAction>
          </div>
        </ChecklistStep>

        <ChecklistStep
          number={3}
          testId="step-send"
          title="Send a first email"
          done={done.send}
          doneNote={
            <>
              {sent.data.total === 1 ? "One email" : `${sent.data.total} emails`} sent.{" "}
              {sent.data.latest && (
                <Link href={`/messages/${sent.data.latest.id}`} className={stepLinkClass}>
                  Open the latest one&apos;s timeline
                </Link>
              )}
            </>
          }
        >
          <FirstSendStep email={email} can={can} fresh={fresh} activeKeys={activeKeys} />
        </ChecklistStep>

        <ChecklistStep
          number={4}
          testId="step-webhook"
          title="Add a webhook"
          done={done.webhook}
          doneNote={
            <>
              {webhooks.data === 1 ? "One endpoint receives" : `${webhooks.data} endpoints receive`} your events.{" "}
              <Link href="/webhooks" className={stepLinkClass}>
                Manage webhooks
              </Link>
            </>
          }
        >
          <p>
            Mailroom posts signed events (delivered, bounced, opened, clicked…) to your URL as they happen, and retries when it is down.
          </p>
          <StepLink
            allowed={can.webhooks}
            href="/webhooks"
            label="Add a webhook"
            reason="Only owners and admins can add webhook endpoints."
          />
        </ChecklistStep>
      </ol>

      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setFresh(created);
          setShowing(created);
        }}
      />
      <NewApiKeyDialog created={showing} to={email} onClose={() => setShowing(null)} />
    </ChecklistFrame>
  );
}
