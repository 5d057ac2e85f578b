import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";
import { AccountView } from "@/components/account/account-view";
import { passwordState } from "@/lib/users/password-state";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  return <AccountView email={user.email} name={user.name} role={user.role} passwordSetByOther={(await passwordState(user.id)) !== null} />;
}
