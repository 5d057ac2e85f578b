/** The frame of the consent screen and its error page: one centred card, as on the sign-in page. */
export function OAuthCard({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-50">Mailroom</p>
        {children}
      </div>
    </main>
  );
}
