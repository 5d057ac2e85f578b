import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeCallbackPath } from "@/lib/auth/safe-callback";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string }> }) {
  const { error, callbackUrl } = await searchParams;
  // Checked here, on the server: the form only ever follows this path.
  const next = safeCallbackPath(callbackUrl);
  if (await currentUser()) redirect(next);
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 className="text-xl font-semibold">Sign in to Mailroom</h1>
        <p className="mt-1 text-sm text-zinc-500">Use the email and password of your account.</p>
        <SignInForm next={next} initialError={error ? "Wrong email or password." : undefined} />
      </div>
    </main>
  );
}
