// A new organization with its default project and its owner, in one transaction.
import { db } from "@/lib/db/client";
import { hashPassword } from "@/lib/crypto/password";

export interface CreateOrganizationInput {
  name: string;
  owner: { email: string; name?: string; password: string };
  plan?: string;
}

export async function createOrganization({ name, owner, plan }: CreateOrganizationInput) {
  const passwordHash = await hashPassword(owner.password);
  const email = owner.email.trim().toLowerCase();
  return db().$transaction(async (tx) => {
    const org = await tx.organization.create({ data: { name, plan } });
    const project = await tx.project.create({ data: { orgId: org.id, name: "Default", isDefault: true } });
    const user = await tx.user.create({ data: { email, name: owner.name ?? "", passwordHash } });
    await tx.membership.create({ data: { orgId: org.id, userId: user.id, role: "owner" } });
    return { org, project, user };
  });
}
