"use client";

import { useState } from "react";
import { ROLES, canAssignRole, type Role } from "@/lib/auth/permissions";
import { inviteMemberSchema } from "@/lib/account-links/schemas";
import { useInviteMember } from "@/lib/queries/members";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";
import { toast } from "@/components/ui/toast";
import { ROLE_DESCRIPTIONS, roleLabel } from "@/components/members/role-descriptions";

type Field = "email" | "name" | "role";
const MESSAGES: Partial<Record<Field, string>> = { email: "Enter a valid email address.", name: "Keep the name under 100 characters.", role: "Pick a role." };
const EMPTY = { email: "", name: "", role: "member" as Role };

/** Invite by email: the person gets a one-use link and chooses their own password. */
export function InviteMemberDialog({ open, onClose, actorRole }: { open: boolean; onClose: () => void; actorRole: Role }) {
  const invite = useInviteMember();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const roles = ROLES.filter((r) => canAssignRole(actorRole, r));
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));

  function close() {
    setForm(EMPTY);
    setErrors({});
    invite.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = inviteMemberSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error, MESSAGES));
      return;
    }
    setErrors({});
    invite.mutate(parsed.data, {
      onSuccess: (sent) => {
        toast.success(`Invitation sent to ${sent.email}`);
        close();
      },
    });
  }

  return (
    <Dialog open={open} onClose={close} title="Invite by email" description="They receive a link, valid for 7 days, to choose their own password and join." dismissible={!invite.isPending}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="invite-email" label="Email" error={errors.email}>
          <input className="input" type="email" value={form.email} onChange={set("email")} autoComplete="off" data-autofocus />
        </FormField>
        <FormField id="invite-name" label="Name (optional)" error={errors.name}>
          <input className="input" value={form.name} onChange={set("name")} maxLength={100} autoComplete="off" />
        </FormField>
        <FormField id="invite-role" label="Role" hint={ROLE_DESCRIPTIONS[form.role]} error={errors.role}>
          <select className="input" value={form.role} onChange={set("role")}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </FormField>
        <FormActions pending={invite.isPending} error={invite.error?.message} onCancel={close} submitLabel="Send invitation" pendingLabel="Sending…" />
      </form>
    </Dialog>
  );
}
