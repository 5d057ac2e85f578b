import Link from "next/link";
import { RestrictedAction } from "@/components/ui/restricted-action";

interface ChecklistStepProps {
  number: number;
  title: string;
  done: boolean;
  /** What is there once the step is done (one line); `children` is shown until then. */
  doneNote: React.ReactNode;
  testId: string;
  children: React.ReactNode;
}

/** One step of the first-run checklist: a number that turns into a tick, the title, and what to do. */
export function ChecklistStep({ number, title, done, doneNote, testId, children }: ChecklistStepProps) {
  return (
    <li className="flex gap-3" data-testid={testId} data-done={done}>
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-medium ${done ? "border-green-600 bg-green-600 text-white" : "border-zinc-300 text-zinc-600 dark:border-zinc-600 dark:text-zinc-300"}`}
      >
        {done ? "✓" : number}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className={`text-sm font-semibold ${done ? "text-zinc-500 dark:text-zinc-400" : ""}`}>
          {title}
          <span className="sr-only">{done ? " (done)" : " (to do)"}</span>
        </h3>
        <div className="mt-1 space-y-3 text-sm text-zinc-600 dark:text-zinc-400">{done ? <p>{doneNote}</p> : children}</div>
      </div>
    </li>
  );
}

/** A step's way forward: a link when the role allows it, else the same action disabled with the reason. */
export function StepLink({
  allowed,
  href,
  label,
  reason,
  primary = true,
}: {
  allowed: boolean;
  href: string;
  label: string;
  reason: string;
  primary?: boolean;
}) {
  if (allowed) {
    return (
      <Link href={href} className={primary ? "btn-primary" : "btn-secondary"}>
        {label}
      </Link>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <RestrictedAction allowed={false} reason={reason} onClick={() => {}}>
        {label}
      </RestrictedAction>
    </div>
  );
}

export const stepLinkClass = "font-medium text-brand-600 underline dark:text-brand-500";
