"use client";
// Mail's HTML shown in the dashboard (a received message, a sent one): in an iframe with
// sandbox="" and srcDoc, so no script, form or navigation runs and the frame has an opaque
// origin; and behind a content security policy of its own that holds back everything remote
// (images, stylesheets, fonts: each would tell the mail's author that someone opened it, and
// from where) until the reader asks for remote images.
import { useState } from "react";

const policy = (remote: boolean) =>
  `default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:${remote ? " https: http:" : ""}`;

/** The HTML behind the policy; the parser files the meta into the document's head. */
const framed = (html: string, remote: boolean) =>
  `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy(remote)}">${html}`;

/** Whether the HTML asks for anything remote the policy holds back. */
const asksRemote = (html: string) => /\b(?:src|href|poster|background)\s*=\s*["']?https?:|url\(\s*["']?https?:/i.test(html);

export function SandboxedHtml({ html, title, className, testId }: { html: string; title: string; className: string; testId?: string }) {
  const [remote, setRemote] = useState(false);
  return (
    <>
      {asksRemote(html) && (
        <p className="mb-2 flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          {remote ? "Remote images are shown." : "Remote images are hidden: loading them tells the sender the message was opened."}
          {!remote && (
            <button type="button" className="btn-secondary py-1 text-xs" onClick={() => setRemote(true)}>
              Show remote images
            </button>
          )}
        </p>
      )}
      <iframe
        key={remote ? "remote" : "local"}
        title={title}
        sandbox=""
        srcDoc={framed(html, remote)}
        referrerPolicy="no-referrer"
        className={className}
        data-testid={testId}
      />
    </>
  );
}
