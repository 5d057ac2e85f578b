"use client";

import { useState } from "react";
import { ROLES, canAssignRole, type Role } from "@/lib/auth/permissions";
import { addMemberSchema } from "@/lib/members/schemas";
import { useAddMember } from "@/lib/queries/members";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";
import { ROLE_DESCRIPTIONS, roleLabel } from "@/components/members/role-descriptions";

type Field = "email" | "name" | "role" | "password";

const MESSAGES: Partial<Record<Field, string>> = {
  email: "Enter a valid email address.",
  name: "Keep the name under 100 characters.",
  role: "Pick a role.",
  password: "Use at least 8 characters.",
};

const EMPTY = { email: "", name: "", role: "member" as Role, password: "" };

export function AddMemberDialog({ open, onClose, actorRole }: { open: boolean; onClose: () => void; actorRole: Role }) {
  const add = useAddMember();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const roles = ROLES.filter((r) => canAssignRole(actorRole, r));

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));

  function close() {
    setForm(EMPTY);
    setErrors({});
    add.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = addMemberSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error, MESSAGES));
      return;
    }
    setErrors({});
    add.mutate(parsed.data, { onSuccess: close });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add member"
      description="They can sign in straight away with this email and password."
      dismissible={!add.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="member-email" label="Email" error={errors.email}>
          <input className="input" type="email" value={form.email} onChange={set("email")} autoComplete="off" data-autofocus />
        </FormField>
        <FormField id="member-name" label="Name (optional)" error={errors.name}>
          <input className="input" value={form.name} onChange={set("name")} maxLength={100} autoComplete="off" />
        </FormField>
        <FormField id="member-role" label="Role" hint={ROLE_DESCRIPTIONS[form.role]} error={errors.role}>
          <select className="input" value={form.role} onChange={set("role")}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="member-password"
          label="Initial password"
          hint="At least 8 characters; share it with them privately (Invite by email lets them choose their own). Until they change it, they cannot be made owner. An address that already has a Mailroom account cannot be added."
          error={errors.password}
        >
          <input className="input" type="password" value={form.password} onChange={set("password")} autoComplete="new-password" maxLength={200} />
        </FormField>
        <FormActions pending={add.isPending} error={add.error?.message} onCancel={close} submitLabel="Add member" pendingLabel="Adding…" />
      </form>
    </Dialog>
  );
}
