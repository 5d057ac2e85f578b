import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { passwordState } from "@/lib/users/password-state";
import { Providers } from "@/components/providers";
import { FirstPasswordForm } from "@/components/auth/first-password-form";
import { NamePrompt } from "@/components/account/name-prompt";

export const metadata: Metadata = { title: "Choose your password" };
export const dynamic = "force-dynamic";

/** The first sign-in with a generated owner password: a new one is chosen before the dashboard opens. */
export default async function ChangePasswordPage() {
  const user = await requireUser();
  if ((await passwordState(user.id)) !== "required") redirect("/");
  return (
    <Providers>
      <main className="flex min-h-screen items-center justify-center px-4">
        <div className="w-full max-w-md">
          <h1 className="mb-2 text-xl font-semibold">Choose your password</h1>
          <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
            You signed in with the password Mailroom generated and printed on the console. Replace it with one only you know before you
            continue.
          </p>
          {/* The first owner has no name yet: asked here, the first page they see. */}
          {!user.name && <NamePrompt className="mb-6" />}
          <FirstPasswordForm email={user.email} />
        </div>
      </main>
    </Providers>
  );
}
