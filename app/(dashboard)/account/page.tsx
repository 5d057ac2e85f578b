import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { AccountView } from "@/components/account/account-view";
import { passwordState } from "@/lib/users/password-state";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await requireUser();
  return <AccountView email={user.email} name={user.name} role={user.role} passwordSetByOther={(await passwordState(user.id)) !== null} />;
}
