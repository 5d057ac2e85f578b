import Link from "next/link";
import { ActionButton } from "@/components/ui/action-button";

/** What an empty state offers: a link to another page or a button on this one. */
export type EmptyStateAction = { label: string; href: string } | { label: string; onClick: () => void; disabled?: boolean };

/**
 * Shown instead of an empty list: what is missing and what to do next. One rule for its buttons,
 * kept here so every page looks alike: the next step (`action`) is solid, a second way out
 * (`secondary`) is outlined. A role that may not take the step gets no button (pass undefined).
 */
export function EmptyState({
  title,
  children,
  action,
  secondary,
}: {
  title: string;
  children: React.ReactNode;
  action?: EmptyStateAction | false | null;
  secondary?: EmptyStateAction | false | null;
}) {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
      <h2 className="text-base font-medium">{title}</h2>
      <div className="mx-auto mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
      {(action || secondary) && (
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {action && <ActionControl action={action} className="btn-primary" />}
          {secondary && <ActionControl action={secondary} className="btn-secondary" />}
        </div>
      )}
    </div>
  );
}

function ActionControl({ action, className }: { action: EmptyStateAction; className: string }) {
  if ("href" in action) {
    return (
      <Link href={action.href} className={className}>
        {action.label}
      </Link>
    );
  }
  return (
    <ActionButton className={className} onClick={action.onClick} disabled={action.disabled}>
      {action.label}
    </ActionButton>
  );
}
