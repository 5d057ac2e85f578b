const TONES = {
  neutral: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
  brand: "bg-brand-50 text-brand-700 dark:bg-brand-700/30 dark:text-brand-50",
  success: "bg-green-50 text-green-700 dark:bg-green-950/50 dark:text-green-300",
  danger: "bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300",
} as const;

export function Badge({ tone = "neutral", children }: { tone?: keyof typeof TONES; children: React.ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[tone]}`}>
      {children}
    </span>
  );
}
