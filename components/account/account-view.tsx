"use client";

import type { Role } from "@/lib/auth/permissions";
import { PageHeader } from "@/components/ui/page-header";
import { ROLE_DESCRIPTIONS, roleLabel } from "@/components/members/role-descriptions";
import { TwoFactorCard } from "@/components/account/two-factor-card";
import { ChangePasswordCard } from "@/components/account/change-password-card";
import { NameForm } from "@/components/account/name-form";

export function AccountView({
  email,
  name,
  role,
  passwordSetByOther,
}: {
  email: string;
  name: string;
  role: Role;
  passwordSetByOther: boolean;
}) {
  return (
    <>
      <PageHeader title="Account" description="Who you are signed in as, your password, and the second factor that guards large sends." />
      <section
        aria-labelledby="profile-heading"
        className="mb-6 rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <h2 id="profile-heading" className="sr-only">
          Your sign-in
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-3">
          <dt className="text-zinc-500 dark:text-zinc-400">Email</dt>
          <dd className="mb-2 break-all sm:mb-0" data-testid="account-email">
            {email}
          </dd>
          <dt className="text-zinc-500 dark:text-zinc-400">Role</dt>
          <dd>
            <span className="font-medium">{roleLabel(role)}</span>
            <span className="text-zinc-500 dark:text-zinc-400"> · {ROLE_DESCRIPTIONS[role]}</span>
          </dd>
        </dl>
        <div className="mt-5 border-t border-zinc-200 pt-5 dark:border-zinc-800">
          <NameForm initial={name} hint="The dashboard greets you by it; members see it." />
        </div>
      </section>
      <ChangePasswordCard email={email} setByOther={passwordSetByOther} />
      <TwoFactorCard />
    </>
  );
}
