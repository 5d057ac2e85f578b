"use client";

import { roleHas, type Role } from "@/lib/auth/permissions";
import { PageHeader } from "@/components/ui/page-header";
import { SendModeCard } from "@/components/safety/send-mode-card";
import { TestListsSection } from "@/components/safety/test-lists-section";

export function SafetyView({ role }: { role: Role }) {
  const canConfigure = roleHas(role, "safety.configure");
  return (
    <>
      <PageHeader
        title="Safety"
        description="Test mode keeps email away from real recipients while you build: only addresses on your test lists receive anything. Switch to production when you are ready to send for real."
      />
      <SendModeCard canConfigure={canConfigure} />
      {canConfigure ? (
        <TestListsSection />
      ) : (
        <section aria-labelledby="test-lists-heading" className="mt-8">
          <h2 id="test-lists-heading" className="text-lg font-semibold">
            Test lists
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
            In test mode, only addresses on a test list receive email. Owners and admins manage the lists: ask one to add your address.
          </p>
        </section>
      )}
    </>
  );
}
