"use client";
// How long the organization keeps each kind of data: the instance's setting is the most it may
// keep; an owner or admin may keep any kind for less (PATCH /api/v1/organization `retention`).
// An empty field follows the instance.
import { useState } from "react";
import type { Organization } from "@/hooks/organization";
import { useUpdateOrganization } from "@/hooks/organization";
import { updateOrganizationSchema } from "@/lib/orgs/schemas";
import { ErrorBanner } from "@/components/ui/error-banner";

const KINDS = [
  ["messageBodies", "Message bodies"],
  ["events", "Events"],
  ["webhookDeliveries", "Webhook deliveries"],
  ["audit", "Audit log"],
] as const;
type Kind = (typeof KINDS)[number][0];

const kept = (days: number | null) => (days === null ? "for good" : `${days} day${days === 1 ? "" : "s"}`);

export function RetentionForm({ retention, canManage }: { retention: Organization["retention"]; canManage: boolean }) {
  const initial = Object.fromEntries(KINDS.map(([kind]) => [kind, retention[kind].organizationDays?.toString() ?? ""])) as Record<
    Kind,
    string
  >;
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const update = useUpdateOrganization({ inlineError: true });
  const changed = KINDS.some(([kind]) => values[kind] !== initial[kind]);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const input = Object.fromEntries(KINDS.map(([kind]) => [kind, values[kind].trim() === "" ? null : Number(values[kind])]));
    const parsed = updateOrganizationSchema.safeParse({ retention: input });
    if (!parsed.success) return setProblem("Each setting is a whole number of days from 1 to 36500, or empty to follow the instance.");
    setProblem(undefined);
    update.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th className="py-2 pr-4 font-medium">Kind</th>
            <th className="py-2 pr-4 font-medium">Kept</th>
            <th className="py-2 font-medium">Keep for (days)</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map(([kind, label]) => {
            const r = retention[kind];
            return (
              <tr key={kind} className="border-t border-zinc-100 align-top dark:border-zinc-800">
                <td className="py-3 pr-4">
                  <div className="font-medium">{label}</div>
                  <div className="text-xs text-zinc-500 dark:text-zinc-400">{r.what}</div>
                </td>
                <td className="py-3 pr-4" data-testid={`retention-kept-${kind}`}>
                  {kept(r.days)}
                </td>
                <td className="py-3">
                  <label className="sr-only" htmlFor={`retention-${kind}`}>
                    {label}: keep for how many days
                  </label>
                  <input
                    id={`retention-${kind}`}
                    className="input w-28"
                    inputMode="numeric"
                    placeholder={r.instanceDays === null ? "for good" : String(r.instanceDays)}
                    value={values[kind]}
                    disabled={!canManage}
                    onChange={(e) => setValues({ ...values, [kind]: e.target.value })}
                  />
                  <div className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                    {r.instanceDays === null ? "The instance keeps it for good." : `At most ${r.instanceDays} (the instance's).`}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {problem && <ErrorBanner message={problem} />}
      {update.error && <ErrorBanner message={update.error.message} />}
      {canManage ? (
        <button type="submit" className="btn-primary" disabled={!changed || update.isPending}>
          {update.isPending ? "Saving…" : "Save retention"}
        </button>
      ) : (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Only owners and admins can change retention.</p>
      )}
    </form>
  );
}
