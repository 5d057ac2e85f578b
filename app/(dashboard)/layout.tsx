import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { Providers } from "@/components/providers";
import { AppShell } from "@/components/layout/app-shell";
import { passwordState } from "@/lib/users/password-state";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  // A generated first password was printed on a console: it is replaced before anything else.
  if ((await passwordState(user.id)) === "required") redirect("/change-password");
  return (
    <Providers>
      <AppShell user={{ email: user.email, name: user.name, role: user.role }}>{children}</AppShell>
    </Providers>
  );
}
