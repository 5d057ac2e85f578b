"use client";

import { useState } from "react";
import { ROLES, canAssignRole, type Role } from "@/lib/auth/permissions";
import { addMemberSchema } from "@/lib/members/schemas";
import { inviteMemberSchema } from "@/lib/account-links/schemas";
import { useAddMember, useInviteMember } from "@/hooks/members";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";
import { toast } from "@/components/ui/toast";
import { ROLE_DESCRIPTIONS, roleLabel } from "@/components/members/role-descriptions";

type Field = "email" | "name" | "role" | "password";
type Kind = "add" | "invite";

const MESSAGES: Partial<Record<Field, string>> = {
  email: "Enter a valid email address.",
  name: "Keep the name under 100 characters.",
  role: "Pick a role.",
  password: "Use at least 8 characters.",
};
const EMPTY = { email: "", name: "", role: "member" as Role, password: "" };

const WORDS: Record<Kind, { title: string; description: string; submit: string; pending: string }> = {
  add: {
    title: "Add member",
    description: "They can sign in straight away with this email and password.",
    submit: "Add member",
    pending: "Adding…",
  },
  invite: {
    title: "Invite by email",
    description:
      "They receive a link, valid for 7 days, to join: a new person chooses their own password, someone with a Mailroom account signs in with theirs.",
    submit: "Send invitation",
    pending: "Sending…",
  },
};

/**
 * The one form for bringing a person in: "invite" mails them a one-use link; "add" makes the
 * account with a password you set and share.
 */
export function MemberFormDialog({ kind, open, onClose, actorRole }: { kind: Kind; open: boolean; onClose: () => void; actorRole: Role }) {
  const add = useAddMember();
  const invite = useInviteMember();
  const mutation = kind === "add" ? add : invite;
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const roles = ROLES.filter((r) => canAssignRole(actorRole, r));
  const words = WORDS[kind];
  const id = (field: Field) => `${kind}-member-${field}`;
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  function close() {
    setForm(EMPTY);
    setErrors({});
    mutation.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { password, ...person } = form;
    const parsed = kind === "add" ? addMemberSchema.safeParse(form) : inviteMemberSchema.safeParse(person);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error, MESSAGES));
      return;
    }
    setErrors({});
    if (kind === "add") {
      add.mutate({ ...parsed.data, password }, { onSuccess: close });
      return;
    }
    invite.mutate(parsed.data, {
      onSuccess: (sent) => {
        toast.success(`Invitation sent to ${sent.email}`);
        close();
      },
    });
  }

  return (
    <Dialog open={open} onClose={close} title={words.title} description={words.description} dismissible={!mutation.isPending}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id={id("email")} label="Email" error={errors.email}>
          <input className="input" type="email" value={form.email} onChange={set("email")} autoComplete="off" data-autofocus />
        </FormField>
        <FormField id={id("name")} label="Name (optional)" error={errors.name}>
          <input className="input" value={form.name} onChange={set("name")} maxLength={100} autoComplete="off" />
        </FormField>
        <FormField id={id("role")} label="Role" hint={ROLE_DESCRIPTIONS[form.role]} error={errors.role}>
          <select className="input" value={form.role} onChange={set("role")}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </FormField>
        {kind === "add" && (
          <FormField
            id={id("password")}
            label="Initial password"
            hint="At least 8 characters; share it with them privately (Invite by email lets them choose their own). Until they change it, they cannot be made owner. An address that already has a Mailroom account cannot be added: invite it instead."
            error={errors.password}
          >
            <input
              className="input"
              type="password"
              value={form.password}
              onChange={set("password")}
              autoComplete="new-password"
              maxLength={200}
            />
          </FormField>
        )}
        <FormActions
          pending={mutation.isPending}
          error={mutation.error?.message}
          onCancel={close}
          submitLabel={words.submit}
          pendingLabel={words.pending}
        />
      </form>
    </Dialog>
  );
}
