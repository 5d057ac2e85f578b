import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { ContactsView } from "@/components/contacts/contacts-view";

export const metadata: Metadata = { title: "Contacts" };

export default async function ContactsPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <ContactsView role={user.role} />;
}
