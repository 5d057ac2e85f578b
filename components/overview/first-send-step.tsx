"use client";

import Link from "next/link";
import type { ApiKey, CreatedApiKey } from "@/hooks/api-keys";
import { CurlBlock } from "@/components/overview/curl-block";
import { canSendWith, KEY_VARIABLE } from "@/components/overview/first-send-curl";
import { TestModeNote } from "@/components/overview/test-mode-note";

interface FirstSendStepProps {
  email: string;
  can: { send: boolean; safety: boolean; keys: boolean };
  /** A key created on this page, whole; null otherwise. */
  fresh: CreatedApiKey | null;
  activeKeys: ApiKey[];
}

/** Which key the curl holds, and what to do when it cannot be on screen. */
function KeyNote({ fresh, activeKeys, canManageKeys }: Pick<FirstSendStepProps, "fresh" | "activeKeys"> & { canManageKeys: boolean }) {
  const code = "rounded bg-zinc-100 px-1 font-mono text-xs dark:bg-zinc-800";
  if (fresh && canSendWith(fresh.scopes)) {
    return <p>The command holds the key you just created. It is on screen only until you leave this page: keep it somewhere safe.</p>;
  }
  const sendable = activeKeys.find((k) => canSendWith(k.scopes));
  if (sendable) {
    return (
      <p>
        Set <code className={code}>MAILROOM_KEY</code> to your key “{sendable.name}” (<code className={code}>{sendable.prefix}…</code>)
        first. Its full value was shown once, when it was created; if nobody kept it, create another.
      </p>
    );
  }
  if (fresh || activeKeys.length > 0) {
    return (
      <p>
        {fresh ? "The key you just created has" : "None of your keys has"} no <code className={code}>email:send</code> scope, so this
        request would be refused. {canManageKeys ? "Create a key with that scope." : "Ask an owner or admin for a key with that scope."}
      </p>
    );
  }
  return (
    <p>
      {canManageKeys
        ? "Create a key first (step 2): it goes into this command right away."
        : "An owner or admin creates the key (step 2); set MAILROOM_KEY to it."}
    </p>
  );
}

/** The first send: test mode taken care of, then the curl with the reader's key, or the Send page. */
export function FirstSendStep({ email, can, fresh, activeKeys }: FirstSendStepProps) {
  if (!can.send) {
    return <p>Your role can only look. Members, admins and owners can send: ask an owner or admin to change your role.</p>;
  }
  const keyText = fresh && canSendWith(fresh.scopes) ? fresh.key : KEY_VARIABLE;
  return (
    <>
      <p>Send yourself an email through the API with your key, or from the dashboard. Then follow it on its timeline as events come in.</p>
      <TestModeNote email={email} canConfigure={can.safety} />
      <KeyNote fresh={fresh} activeKeys={activeKeys} canManageKeys={can.keys} />
      <CurlBlock keyText={keyText} to={email} testId="first-send-curl">
        <Link href="/send" className="btn-secondary">
          Send it now from the dashboard
        </Link>
      </CurlBlock>
    </>
  );
}
