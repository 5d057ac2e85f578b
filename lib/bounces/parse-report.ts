// A received report, read: a feedback report (ARF) gives complaints; a delivery status
// notification (RFC 3464) its recipients' statuses; otherwise the plain-text forms of the large
// mailbox providers and MTAs (parse-plain-bounce.ts). Pure: no database, no logging.
import { isArf, parseArf } from "@/lib/bounces/parse-arf";
import { parseDsn } from "@/lib/bounces/parse-dsn";
import { parsePlainBounce } from "@/lib/bounces/parse-plain-bounce";
import { originalMessage } from "@/lib/bounces/original-message";
import type { Report } from "@/lib/bounces/report";
import { reportType } from "@/lib/bounces/report-parts";
import type { InboundEmail } from "@/lib/inbound/inbound-email";

/** `raw`: the report as received, when there is one (the inbound listener's), for the original's headers. */
export function parseReport(email: InboundEmail, raw?: Buffer): Report {
  const { returnPath: original, to } = originalMessage(email, raw);
  if (isArf(email)) {
    const findings = parseArf(email, to);
    return { form: findings.length ? "arf" : null, findings, originalReturnPath: original };
  }
  // A DSN that reports only deliveries says nothing to record: it is not read as plain text.
  const dsn = parseDsn(email);
  if (dsn.length || reportType(email) === "delivery-status")
    return { form: dsn.length ? "dsn" : null, findings: dsn, originalReturnPath: original };
  const text = parsePlainBounce(email);
  return { form: text.length ? "text" : null, findings: text, originalReturnPath: original };
}
