import type { WebhookTestResult } from "@/hooks/webhooks";

const describeCode = (code: number | null) => (code === null ? "no HTTP answer" : `HTTP ${code}`);

/**
 * How the test event went: delivered with status and time, or the failure and what happens
 * next. (A request refused outright is an error toast, not shown here.)
 */
export function TestResult({ result }: { result?: WebhookTestResult }) {
  if (!result) return null;
  const time = result.durationMs !== null ? ` in ${result.durationMs} ms` : "";
  if (result.success) {
    return (
      <p
        data-testid="webhook-test-result"
        className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800 dark:bg-green-950/40 dark:text-green-300"
      >
        <span className="font-medium">Test event delivered:</span> {describeCode(result.statusCode)}
        {time}.
      </p>
    );
  }
  const next =
    result.status === "pending"
      ? "Mailroom will retry it; follow it under Deliveries."
      : result.status === "cancelled"
        ? "It was not sent because the endpoint is disabled."
        : "It will not be retried.";
  return (
    <p
      data-testid="webhook-test-result"
      className="rounded-md bg-red-50 px-3 py-2 text-sm break-words text-red-800 dark:bg-red-950/40 dark:text-red-300"
    >
      <span className="font-medium">Test event failed:</span> {describeCode(result.statusCode)}
      {time}
      {result.error ? ` (${result.error})` : ""}. {next}
    </p>
  );
}
