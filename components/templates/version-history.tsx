"use client";

import { useState } from "react";
import { DateText } from "@/components/ui/date-text";
import { useMembers } from "@/hooks/members";
import { useTemplateVersions, type TemplateVersion } from "@/hooks/templates";
import { Badge } from "@/components/ui/badge";
import { QueryState } from "@/components/ui/query-state";
import { PageNav } from "@/components/ui/page-nav";
import { VersionDialog } from "@/components/templates/version-dialog";

const PAGE_SIZE = 10;

interface VersionHistoryProps {
  templateId: string;
  templateName: string;
  currentVersion: number;
  samples: Record<string, string>;
  /** Set for managers: load an older version into the editor, to save it as the newest. */
  onEditFrom?: (version: TemplateVersion) => void;
}

/** Every version, newest first; each opens read-only with its own preview. */
export function VersionHistory({ templateId, templateName, currentVersion, samples, onEditFrom }: VersionHistoryProps) {
  const [page, setPage] = useState(1);
  const versions = useTemplateVersions(templateId, page, PAGE_SIZE);
  const members = useMembers();
  const [open, setOpen] = useState<TemplateVersion | null>(null);

  const author = (createdBy: string | null) => {
    if (!createdBy) return "unknown";
    const [kind, id] = createdBy.split(":");
    if (kind === "api_key") return "an API key";
    return members.data?.find((m) => m.userId === id)?.email ?? "a member";
  };

  return (
    <section
      aria-labelledby="template-versions-heading"
      className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="template-versions-heading" className="text-lg font-semibold">
        Version history
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Saved versions never change; a send can pin one with templateVersion.</p>
      <div className="mt-4">
        <QueryState query={versions} loading="Loading versions…" rows={2}>
          {(data) => (
            <div className={versions.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
              <ul
                aria-label="Versions"
                className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-700"
              >
                {data.items.map((v) => (
                  <li key={v.version} className="flex items-start justify-between gap-3 px-3 py-2" data-testid="template-version">
                    <div className="min-w-0 text-sm">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">Version {v.version}</span>
                        {v.version === currentVersion && <Badge tone="brand">Current</Badge>}
                      </div>
                      <p className="truncate text-zinc-600 dark:text-zinc-400" title={v.subject}>
                        {v.subject}
                      </p>
                      <p className="text-xs text-zinc-500 dark:text-zinc-400">
                        <DateText value={v.createdAt} show="time" /> by {author(v.createdBy)}
                      </p>
                    </div>
                    <button type="button" className="btn-secondary shrink-0 py-1.5" onClick={() => setOpen(v)}>
                      View<span className="sr-only"> version {v.version}</span>
                    </button>
                  </li>
                ))}
              </ul>
              {data.pagination.total > PAGE_SIZE && (
                <PageNav
                  label="Version pages"
                  page={page}
                  pageSize={PAGE_SIZE}
                  total={data.pagination.total}
                  count={data.items.length}
                  busy={versions.isPlaceholderData}
                  onPageChange={setPage}
                />
              )}
            </div>
          )}
        </QueryState>
      </div>
      <VersionDialog
        templateId={templateId}
        templateName={templateName}
        version={open}
        current={open?.version === currentVersion}
        samples={samples}
        onClose={() => setOpen(null)}
        onEditFrom={
          onEditFrom &&
          ((v) => {
            setOpen(null);
            onEditFrom(v);
          })
        }
      />
    </section>
  );
}
