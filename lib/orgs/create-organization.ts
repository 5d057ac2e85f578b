// A new organization with its default project and its owner, in one transaction.
import { db } from "@/lib/db/client";
import { hashPassword } from "@/lib/crypto/password";

export interface CreateOrganizationInput {
  name: string;
  /** generated: a password the instance made up and printed, to be changed at first sign-in. */
  owner: { email: string; name?: string; password: string; generated?: boolean };
  plan?: string;
}

export async function createOrganization({ name, owner, plan }: CreateOrganizationInput) {
  const passwordHash = await hashPassword(owner.password);
  const email = owner.email.trim().toLowerCase();
  return db().$transaction(async (tx) => {
    const org = await tx.organization.create({ data: { name, plan } });
    const project = await tx.project.create({ data: { orgId: org.id, name: "Default", isDefault: true } });
    const chosen = owner.generated ? { mustChangePassword: true } : { passwordChosenAt: new Date() };
    const user = await tx.user.create({ data: { email, name: owner.name ?? "", passwordHash, ...chosen } });
    await tx.membership.create({ data: { orgId: org.id, userId: user.id, role: "owner" } });
    return { org, project, user };
  });
}
