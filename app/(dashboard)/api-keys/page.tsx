import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { ApiKeysView } from "@/components/api-keys/api-keys-view";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <ApiKeysView role={user.role} />;
}
