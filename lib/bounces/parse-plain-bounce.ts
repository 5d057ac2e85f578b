// Bounces written as plain text, without a delivery-status part: qmail ("<x@y>:" then what the
// remote host said), Postfix's text part ("<x@y>: host … said: 550 5.1.1 …"), Yahoo ("Sorry, we
// were unable to deliver your message to the following address. <x@y>: 554: …"), Exchange and
// Hotmail ("Delivery has failed to these recipients or groups:" then the addresses on lines of
// their own, "Remote Server returned '550 5.1.10 …'"), and Gmail ("Your message wasn't delivered
// to x@y because …", "Delivery to the following recipient failed permanently:"). Only a message
// that says it is a failure or a delay notice is read; a delay notice gives deferrals.
import { cleanReason, mailbox, MAX_REPORT_RECIPIENTS, statusOf, type Finding } from "@/lib/bounces/report";
import { textOf } from "@/lib/bounces/report-parts";
import type { InboundEmail } from "@/lib/inbound/inbound-email";

const FAILURE =
  /permanent error|failed permanently|unable to deliver|wasn't able to deliver|could not be delivered|couldn't be delivered|wasn't delivered|delivery has failed|undeliverable|undelivered|returned to sender|delivery status notification \(failure\)|address not found/i;
const WARNING =
  /this is a warning only|has been delayed|delivery (?:has been )?delayed|still being retried|will (?:keep|continue) trying|not yet been delivered|delivery status notification \(delay\)/i;
// No two neighbouring parts of a pattern below can take the same character (an address's parts
// hold no "@", a name no "(" or "<"), so however a line is built, each pattern tries each of its
// few splits once: a line of spaces, brackets and @ signs costs no more than any other.
/** "<ann@example.org>: host … said: …" or "<ann@example.org>:" alone (the reason on the next lines). */
const ADDRESS_LED = /^\s*<([^<>\s@]{1,64}@[^<>\s@]{1,253})>:?\s*(.*)$/;
/** A line holding only an address: "ann@example.org", "Ann (ann@example.org)", "Ann <ann@example.org>". */
const ADDRESS_ONLY = /^\s*(?:[^<>()@\s][^<>()@]{0,199}[(<]|[(<])?([^\s<>()@]{1,64}@[^\s<>()@]{1,253})[)>]?\s*$/;
const WASNT_DELIVERED = /(?:wasn't|was not|could not be|couldn't be) delivered to\s{1,10}<?([^\s<>()@]{1,64}@[^\s<>()@]{1,253})>?[\s.,]/gi;

// What is read, whatever a report holds: every step below stays linear in these.
/** Lines of the explanation read. */
const MAX_LINES = 500;
/** Characters of a line read (addresses and status lines are short). */
const MAX_LINE_CHARS = 300;
/** Lines after an address taken as what was said about it. */
const MAX_BLOCK_LINES = 10;
/** Characters kept of what was said about one address. */
const MAX_SAID_CHARS = 2_000;
/** Where Gmail and Exchange quote the remote server. */
const QUOTED_REPLY = [
  /Remote Server returned '([^'\n]{1,600})'/i,
  /(?:response from the remote server was|error that the other server returned was):?\s*\n\s*([^\n]{1,600})/i,
];

/** The lines after line `i` up to the next empty line or the next address-led line. */
function blockAfter(lines: string[], i: number): string {
  const out: string[] = [];
  for (let j = i + 1; j < lines.length && j <= i + MAX_BLOCK_LINES && lines[j].trim() !== "" && !ADDRESS_LED.test(lines[j]); j++)
    out.push(lines[j].trim());
  return out.join(" ");
}

/** The remote server's words quoted anywhere in the text, else the first line with a status code. */
function quotedReply(text: string, lines: string[]): string {
  for (const pattern of QUOTED_REPLY) {
    const quoted = pattern.exec(text)?.[1];
    if (quoted) return quoted;
  }
  return lines.find((l) => statusOf(l)) ?? "";
}

export function parsePlainBounce(email: InboundEmail): Finding[] {
  const text = textOf(email);
  const warning = WARNING.test(email.subject) || WARNING.test(text);
  const failure = FAILURE.test(email.subject) || FAILURE.test(text);
  if (!warning && !failure) return [];
  // Only what comes before the returned copy of the message: its own lines may look like ours.
  const explanation = text.split(/^-{2,}\s*(?:Below this line is a copy of the message|Original message)|^Original message headers:/im)[0];
  const lines = explanation.split(/\r?\n/, MAX_LINES).map((l) => l.slice(0, MAX_LINE_CHARS).toWellFormed());
  const said = new Map<string, string>();
  /** What was said about `address` (read only when it is one more to take), appended within bounds. */
  const add = (address: string, words: () => string) => {
    const a = mailbox(address);
    if (!a || (said.size >= MAX_REPORT_RECIPIENTS && !said.has(a))) return;
    const before = said.get(a) ?? "";
    if (before.length < MAX_SAID_CHARS) said.set(a, `${before} ${words()}`.trim().slice(0, MAX_SAID_CHARS));
  };
  const listed =
    /delivery has failed to these recipients|following (?:recipients?|address(?:es)?)(?: failed permanently)?:|has been delayed:/i;
  let inList = false;
  lines.forEach((line, i) => {
    const led = ADDRESS_LED.exec(line);
    if (led) return add(led[1], () => `${led[2]} ${blockAfter(lines, i)}`);
    if (listed.test(line)) inList = true;
    const only = inList ? ADDRESS_ONLY.exec(line) : null;
    if (only) add(only[1], () => blockAfter(lines, i));
  });
  const read = lines.join("\n");
  for (const m of read.matchAll(WASNT_DELIVERED)) add(m[1], () => "");
  const fallback = quotedReply(read, lines);
  const out: Finding[] = [];
  for (const [address, words] of said) {
    const own = statusOf(words) ? words : `${words} ${fallback}`;
    const status = statusOf(own);
    const reason = cleanReason(status && !own.includes(status.code) ? `${status.code} ${own}` : own);
    if (warning) out.push({ recipients: [address], type: "email.deferred", reason });
    else if (status || failure)
      out.push({ recipients: [address], type: "email.bounced", bounceKind: status && !status.permanent ? "soft" : "hard", reason });
  }
  return out;
}
