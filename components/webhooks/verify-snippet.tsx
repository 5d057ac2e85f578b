import { CopyButton } from "@/components/ui/copy-button";

// Verification as SPEC describes it, with the standardwebhooks package: the key is the secret
// without "whsec_", used as raw UTF-8 (not base64), and our X-Webhook-* headers map onto its
// webhook-* names. The secret itself is never put into the snippet.
const SNIPPET = `import { Webhook } from "standardwebhooks";

// The key is the secret without its "whsec_" prefix.
const secret = process.env.MAILROOM_WEBHOOK_SECRET; // whsec_…
const wh = new Webhook(secret.slice(6), { format: "raw" });

// rawBody: the request body exactly as received, not parsed.
// verify() throws on a wrong signature, or a timestamp
// more than 5 minutes off.
const event = wh.verify(rawBody, {
  "webhook-id": headers["x-webhook-id"],
  "webhook-timestamp": headers["x-webhook-timestamp"],
  "webhook-signature": headers["x-webhook-signature"],
});`;

/** A short "verify like this" example for Node.js, with a copy button. */
export function VerifySnippet() {
  return (
    <section aria-labelledby="verify-snippet-heading" className="mt-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="verify-snippet-heading" className="text-sm font-medium">
          Verify each request like this
        </h3>
        <CopyButton text={SNIPPET} label="Copy code" />
      </div>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Node.js with the <code className="font-mono">standardwebhooks</code> package; any HMAC-SHA256 library works the same way.
      </p>
      <pre className="mt-2 overflow-x-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-relaxed dark:border-zinc-700 dark:bg-zinc-950">
        <code>{SNIPPET}</code>
      </pre>
    </section>
  );
}
