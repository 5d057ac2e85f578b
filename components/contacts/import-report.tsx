"use client";

import { useState } from "react";
import { useImportReport, type ContactImportView } from "@/hooks/contacts";
import { PageNav } from "@/components/ui/page-nav";

const PER_PAGE = 50;

/** An import's totals and its refused rows, a page at a time. */
export function ImportReport({ result }: { result: ContactImportView }) {
  const [page, setPage] = useState(1);
  const report = useImportReport(result.failed > 0 ? result.id : null, page, PER_PAGE);
  const errors = report.data?.detail.errors ?? [];
  return (
    <section aria-label="Import report" data-testid="import-report" className="space-y-3">
      <p className="text-sm">
        {result.status === "completed" ? "Import finished" : "Import stopped"}: {result.rows} rows read, <strong>{result.created}</strong>{" "}
        created, <strong>{result.updated}</strong> updated, <strong>{result.failed}</strong> refused.
      </p>
      {result.error && <p className="text-sm text-red-700 dark:text-red-300">{result.error}</p>}
      {result.failed > 0 && (
        <div className="overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Refused rows</caption>
            <thead className="bg-zinc-50 text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Line
                </th>
                <th scope="col" className="px-3 py-2">
                  Email
                </th>
                <th scope="col" className="px-3 py-2">
                  Why
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {errors.map((e) => (
                <tr key={e.line} data-testid="import-error">
                  <td className="px-3 py-2 tabular-nums">{e.line}</td>
                  <td className="px-3 py-2 break-all">{e.email ?? "—"}</td>
                  <td className="px-3 py-2">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.data && report.data.total > PER_PAGE && (
        <PageNav
          label="Refused row pages"
          page={page}
          pageSize={PER_PAGE}
          total={report.data.total}
          count={errors.length}
          busy={report.isPlaceholderData}
          onPageChange={setPage}
        />
      )}
    </section>
  );
}
