import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/require-user";
import { ProjectsView } from "@/components/projects/projects-view";

export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage() {
  const user = await requireUser();
  // The role only shapes the UI; every route checks it again.
  return <ProjectsView role={user.role} />;
}
