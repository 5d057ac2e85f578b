// The statements of an erasure (erase-address.ts), one per table. Each reads the address
// through CTE `p` (its pattern `re`, its placeholder `ph`), so the address is three parameters
// however often a statement uses it, and each statement's text is the same for every address.
// A row matches when its text (every column, JSON and arrays included) holds the address as a
// whole address, case-insensitively: "ann@example.com" does not match "joann@example.com".
// Each statement is idempotent: what it changed no longer matches, so a run after a crash
// (or a second run) finds only what is left.
import { Prisma } from "@/lib/generated/prisma/client";

/** The address as every statement receives it. */
export interface AddressMatch {
  orgId: string;
  /** Lower-cased. */
  email: string;
  /** A PostgreSQL regular expression (used case-insensitively) matching the address as a whole address. */
  re: string;
  /** LIKE patterns matching any text that contains it, or its URL-encoded form: a cheap first filter. */
  like: string;
  likeEncoded: string;
  placeholder: string;
  /** The suppression list's keyed hash (erased-address.ts). */
  key: string;
}

// ASCII punctuation is escaped (an ARE escape of a non-alphanumeric character is that
// character); an address's letters and digits stand for themselves.
const escapeRegex = (s: string) => s.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);

/**
 * The address, or its URL-encoded form (`ann%40example.com`, as in `?email=` links), not inside
 * a longer address: no address character before it (`=`, `/`, `?` and `&` end a URL's part,
 * and `{` `}` open and close an array's text, so they do not count), no domain character (or a
 * further label) after it.
 */
export const addressRegex = (email: string) =>
  `(?<![a-z0-9._%+'!#$*^\`|~-])(?:${escapeRegex(email)}|${escapeRegex(encodeURIComponent(email))})(?![a-z0-9-]|\\.[a-z0-9])`;

const params = (m: AddressMatch) =>
  Prisma.sql`p AS (SELECT ${m.re}::text AS re, ${m.placeholder}::text AS ph, ${m.like}::text AS pat, ${m.likeEncoded}::text AS pat_encoded)`;

/** The row (alias `t`) holds the address somewhere. */
const ROW_MATCHES = Prisma.sql`((t::text ILIKE p.pat OR t::text ILIKE p.pat_encoded) AND t::text ~* p.re)`;
const scrub = (column: Prisma.Sql) => Prisma.sql`regexp_replace(${column}, p.re, p.ph, 'gi')`;
const scrubJson = (column: Prisma.Sql) => Prisma.sql`regexp_replace(${column}::text, p.re, p.ph, 'gi')::jsonb`;
const scrubArray = (column: Prisma.Sql) =>
  Prisma.sql`ARRAY(SELECT regexp_replace(u.x, p.re, p.ph, 'gi') FROM unnest(${column}) WITH ORDINALITY AS u (x, i) ORDER BY u.i)`;
const holds = (column: Prisma.Sql) => Prisma.sql`${column} ~* p.re`;
const arrayHolds = (column: Prisma.Sql) => Prisma.sql`array_to_string(${column}, ' ') ~* p.re`;

/** Counted rows of a data-changing CTE `changed`. */
const COUNT = Prisma.sql`SELECT count(*)::int AS n FROM changed`;

/** The address on the suppression list becomes its keyed hash (or goes, when the hash is there already). */
export const suppressionStatement = (m: AddressMatch) => Prisma.sql`
  WITH removed AS (
    DELETE FROM suppressions WHERE org_id = ${m.orgId}::uuid AND email = ${m.email}::text
      AND EXISTS (SELECT 1 FROM suppressions k WHERE k.org_id = ${m.orgId}::uuid AND k.email = ${m.key}::text)),
  hashed AS (
    UPDATE suppressions SET email = ${m.key}::text WHERE org_id = ${m.orgId}::uuid AND email = ${m.email}::text
      AND NOT EXISTS (SELECT 1 FROM suppressions k WHERE k.org_id = ${m.orgId}::uuid AND k.email = ${m.key}::text)
    RETURNING 1)
  SELECT (EXISTS (SELECT 1 FROM hashed) OR EXISTS (SELECT 1 FROM suppressions WHERE org_id = ${m.orgId}::uuid AND email = ${m.key}::text)) AS kept`;

/** Scheduled emails that name the address: cancelled while still waiting (they would mail the person), the address replaced. */
export const scheduledEmailsStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (
    UPDATE scheduled_emails t SET status = CASE WHEN t.status = 'scheduled' THEN 'cancelled' ELSE t.status END,
      email_data = ${scrubJson(Prisma.sql`t.email_data`)}, result = ${scrubJson(Prisma.sql`t.result`)},
      error = ${scrub(Prisma.sql`t.error`)}, updated_at = now()
    FROM p WHERE t.org_id = ${m.orgId}::uuid AND ${ROW_MATCHES} RETURNING 1)
  ${COUNT}`;

/** The contact goes, with its list memberships and sequence enrolments (cascades); other contacts that mention the address keep the placeholder. */
export const contactStatement = (m: AddressMatch) => Prisma.sql`
  WITH target AS (SELECT id FROM contacts WHERE org_id = ${m.orgId}::uuid AND email = ${m.email}::text),
  memberships AS (SELECT count(*)::int AS n FROM contact_list_members WHERE contact_id IN (SELECT id FROM target)),
  enrolments AS (SELECT count(*)::int AS n FROM sequence_enrolments WHERE contact_id IN (SELECT id FROM target)),
  removed AS (DELETE FROM contacts WHERE org_id = ${m.orgId}::uuid AND id IN (SELECT id FROM target) RETURNING 1)
  SELECT (SELECT count(*)::int FROM removed) AS contacts, (SELECT n FROM memberships) AS memberships, (SELECT n FROM enrolments) AS enrolments`;

export const otherContactsStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (
    UPDATE contacts t SET name = ${scrub(Prisma.sql`t.name`)}, properties = ${scrubJson(Prisma.sql`t.properties`)}
    FROM p WHERE t.org_id = ${m.orgId}::uuid AND ${ROW_MATCHES} RETURNING 1)
  ${COUNT}`;

/** A campaign's row for the address keeps its place (the campaign's counts) under the placeholder; one still waiting is skipped. */
export const campaignSendsStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (
    UPDATE campaign_sends t SET email = ${scrub(Prisma.sql`t.email`)},
      contact_id = CASE WHEN ${holds(Prisma.sql`t.email`)} THEN NULL ELSE t.contact_id END,
      status = CASE WHEN t.status = 'pending' AND ${holds(Prisma.sql`t.email`)} THEN 'skipped' ELSE t.status END,
      error = CASE WHEN t.status = 'pending' AND ${holds(Prisma.sql`t.email`)} THEN 'erased' ELSE ${scrub(Prisma.sql`t.error`)} END
    FROM p WHERE t.org_id = ${m.orgId}::uuid AND ${ROW_MATCHES} RETURNING 1)
  ${COUNT}`;

/** The ids of one table's rows of the organization that hold the address: read once, changed in batches. */
export const matchingIds = (
  table: "messages" | "email_events" | "webhook_deliveries" | "inbound_messages" | "audit_logs",
  m: AddressMatch,
) =>
  Prisma.sql`WITH ${params(m)} SELECT t.id::text AS id FROM ${TABLES[table]} t, p WHERE t.org_id = ${m.orgId}::uuid AND ${ROW_MATCHES} ORDER BY t.id`;

const TABLES = {
  messages: Prisma.sql`messages`,
  email_events: Prisma.sql`email_events`,
  webhook_deliveries: Prisma.sql`webhook_deliveries`,
  inbound_messages: Prisma.sql`inbound_messages`,
  audit_logs: Prisma.sql`audit_logs`,
} as const;

const batch = (m: AddressMatch, ids: string[]) => Prisma.sql`t.org_id = ${m.orgId}::uuid AND t.id = ANY (${ids}::uuid[])`;

// A message to or from the person is theirs: its content goes (subject, bodies, headers), as
// retention removes bodies. Any other message that mentions the address keeps its content with
// the placeholder in its place.
const OWN_MESSAGE = Prisma.sql`(${holds(Prisma.sql`t.from_address`)} OR ${arrayHolds(Prisma.sql`t."to" || t.cc || t.bcc`)})`;

export const messagesBatch = (m: AddressMatch, ids: string[]) => Prisma.sql`
  WITH ${params(m)}, changed AS (
    UPDATE messages t SET
      from_address = ${scrub(Prisma.sql`t.from_address`)}, "to" = ${scrubArray(Prisma.sql`t."to"`)},
      cc = ${scrubArray(Prisma.sql`t.cc`)}, bcc = ${scrubArray(Prisma.sql`t.bcc`)},
      recipient_statuses = ${scrubJson(Prisma.sql`t.recipient_statuses`)},
      subject = CASE WHEN ${OWN_MESSAGE} THEN '(erased)' ELSE ${scrub(Prisma.sql`t.subject`)} END,
      html = CASE WHEN ${OWN_MESSAGE} THEN NULL ELSE ${scrub(Prisma.sql`t.html`)} END,
      text = CASE WHEN ${OWN_MESSAGE} THEN NULL ELSE ${scrub(Prisma.sql`t.text`)} END,
      headers = CASE WHEN ${OWN_MESSAGE} THEN '[]'::jsonb ELSE ${scrubJson(Prisma.sql`t.headers`)} END,
      body_removed_at = CASE WHEN ${OWN_MESSAGE} THEN coalesce(t.body_removed_at, now()) ELSE t.body_removed_at END,
      attachments = ${scrubJson(Prisma.sql`t.attachments`)}, metadata = ${scrubJson(Prisma.sql`t.metadata`)},
      tags = ${scrubArray(Prisma.sql`t.tags`)}, error = ${scrub(Prisma.sql`t.error`)},
      message_id_header = ${scrub(Prisma.sql`t.message_id_header`)}
    FROM p WHERE ${batch(m, ids)} RETURNING 1)
  ${COUNT}`;

/**
 * Events keep their type and time (analytics counts stay right); the recipient and whatever else
 * names the address read the placeholder. An event of the person's loses its dedupe key (one made
 * from what the event said once held the address, or a hash of it): it becomes `erased:<id>`.
 */
export const eventsBatch = (m: AddressMatch, ids: string[]) => Prisma.sql`
  WITH ${params(m)}, changed AS (
    UPDATE email_events t SET
      dedupe_key = CASE WHEN ${holds(Prisma.sql`t.recipient`)} THEN 'erased:' || t.id::text ELSE ${scrub(Prisma.sql`t.dedupe_key`)} END,
      recipient = ${scrub(Prisma.sql`t.recipient`)}, reason = ${scrub(Prisma.sql`t.reason`)},
      url = ${scrub(Prisma.sql`t.url`)}, metadata = ${scrubJson(Prisma.sql`t.metadata`)}
    FROM p WHERE ${batch(m, ids)} RETURNING 1)
  ${COUNT}`;

/** Events not published yet (the demo provider's later reports): removed. */
export const scheduledEventsStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (DELETE FROM scheduled_events t USING p WHERE t.org_id = ${m.orgId}::uuid AND ${ROW_MATCHES} RETURNING 1)
  ${COUNT}`;

/** First opens and clicks: the placeholder (unique counts stay right). */
export const engagementStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (
    UPDATE engagement_firsts t SET recipient = ${scrub(Prisma.sql`t.recipient`)}
    FROM p WHERE t.org_id = ${m.orgId}::uuid AND ${holds(Prisma.sql`t.recipient`)} RETURNING 1)
  ${COUNT}`;

export const deliveriesBatch = (m: AddressMatch, ids: string[]) => Prisma.sql`
  WITH ${params(m)}, changed AS (
    UPDATE webhook_deliveries t SET payload = ${scrub(Prisma.sql`t.payload`)}, last_error = ${scrub(Prisma.sql`t.last_error`)}
    FROM p WHERE ${batch(m, ids)} RETURNING 1)
  ${COUNT}`;

/** What an endpoint answered (it may echo the body it was sent). */
export const attemptsStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (
    UPDATE webhook_attempts t SET response_body = ${scrub(Prisma.sql`t.response_body`)}, error = ${scrub(Prisma.sql`t.error`)}
    FROM p, webhook_deliveries d WHERE d.id = t.delivery_id AND d.org_id = ${m.orgId}::uuid AND ${ROW_MATCHES} RETURNING 1)
  ${COUNT}`;

// Inbound mail from or to the address is theirs: removed, attachments with it (cascade). Mail
// that only mentions it keeps its content with the placeholder.
const OWN_INBOUND = Prisma.sql`(${holds(Prisma.sql`t.from_address`)} OR ${holds(Prisma.sql`t.envelope_from`)}
  OR ${arrayHolds(Prisma.sql`t.to_addresses || t.cc_addresses || t.reply_to || t.envelope_to`)})`;

export const inboundBatch = (m: AddressMatch, ids: string[]) => Prisma.sql`
  WITH ${params(m)},
  removed AS (DELETE FROM inbound_messages t USING p WHERE ${batch(m, ids)} AND ${OWN_INBOUND} RETURNING t.id),
  changed AS (
    UPDATE inbound_messages t SET subject = ${scrub(Prisma.sql`t.subject`)}, text = ${scrub(Prisma.sql`t.text`)},
      html = ${scrub(Prisma.sql`t.html`)}, headers = ${scrubJson(Prisma.sql`t.headers`)}, from_name = ${scrub(Prisma.sql`t.from_name`)},
      "references" = ${scrubArray(Prisma.sql`t."references"`)}, in_reply_to = ${scrub(Prisma.sql`t.in_reply_to`)},
      message_id_header = ${scrub(Prisma.sql`t.message_id_header`)}, tags = ${scrubArray(Prisma.sql`t.tags`)},
      rule_results = ${scrubJson(Prisma.sql`t.rule_results`)}
    FROM p WHERE ${batch(m, ids)} AND t.id NOT IN (SELECT id FROM removed) RETURNING 1)
  SELECT (SELECT count(*)::int FROM removed) + (SELECT count(*)::int FROM changed) AS n`;

/** Audit entries keep what happened and when; the address they name reads the placeholder. */
export const auditBatch = (m: AddressMatch, ids: string[]) => Prisma.sql`
  WITH ${params(m)}, changed AS (
    UPDATE audit_logs t SET metadata = ${scrubJson(Prisma.sql`t.metadata`)}, target_id = ${scrub(Prisma.sql`t.target_id`)},
      actor_id = ${scrub(Prisma.sql`t.actor_id`)}
    FROM p WHERE ${batch(m, ids)} RETURNING 1)
  ${COUNT}`;

/** Stored responses of idempotent sends that name the address: removed (a retry with the key is then a new request). */
export const idempotencyStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (DELETE FROM idempotency_keys t USING p WHERE t.org_id = ${m.orgId}::uuid AND ${ROW_MATCHES} RETURNING 1)
  ${COUNT}`;

/** Refused lines of contact imports that name it: removed (the import's totals stay). */
export const importErrorsStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (
    DELETE FROM contact_import_errors t USING p, contact_imports i
    WHERE i.id = t.import_id AND i.org_id = ${m.orgId}::uuid AND ${ROW_MATCHES} RETURNING 1)
  ${COUNT}`;

/** Test lists drop the address. */
export const testListsStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (
    UPDATE test_lists t SET emails = ARRAY(SELECT u.x FROM unnest(t.emails) WITH ORDINALITY AS u (x, i) WHERE NOT u.x ~* ('^' || p.re || '$') ORDER BY u.i)
    FROM p WHERE t.org_id = ${m.orgId}::uuid AND ${arrayHolds(Prisma.sql`t.emails`)} RETURNING 1)
  ${COUNT}`;

/** Invitations to the address and the instance's record of mail to it on the organization's behalf: removed. */
export const accountLinksStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (DELETE FROM account_links t USING p WHERE t.org_id = ${m.orgId}::uuid AND ${holds(Prisma.sql`t.email`)} RETURNING 1)
  ${COUNT}`;

export const systemMailStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (DELETE FROM system_mail_sends t USING p WHERE t.org_id = ${m.orgId}::uuid AND ${holds(Prisma.sql`t.email`)} RETURNING 1)
  ${COUNT}`;

// ---- Every other table of the organization ----

/** A text column of a table the steps above do not handle, as the catalog describes it. */
export interface SweptColumn {
  name: string;
  kind: "text" | "json" | "jsonb" | "array";
}

const ident = (name: string) => Prisma.raw(`"${name.replace(/"/g, '""')}"`);

/** The address replaced by the placeholder in every text, JSON and text-array column of one table's rows of the organization that hold it. */
export const sweepStatement = (m: AddressMatch, table: string, columns: SweptColumn[]) => {
  const sets = columns.map(({ name, kind }) => {
    const column = Prisma.sql`t.${ident(name)}`;
    const value =
      kind === "text"
        ? scrub(column)
        : kind === "array"
          ? scrubArray(column)
          : kind === "jsonb"
            ? scrubJson(column)
            : Prisma.sql`regexp_replace(${column}::text, p.re, p.ph, 'gi')::json`;
    return Prisma.sql`${ident(name)} = ${value}`;
  });
  return Prisma.sql`
    WITH ${params(m)}, changed AS (
      UPDATE ${ident(table)} t SET ${Prisma.join(sets, ", ")} FROM p WHERE t.org_id = ${m.orgId}::uuid AND ${ROW_MATCHES} RETURNING 1)
    ${COUNT}`;
};

/** The tables with an org_id column, and each one's text, JSON and text-array columns. */
export const SWEEPABLE_COLUMNS = Prisma.sql`
  SELECT c.table_name AS table, c.column_name AS name,
    CASE WHEN c.data_type IN ('text', 'character varying') THEN 'text' WHEN c.data_type = 'ARRAY' THEN 'array' ELSE c.data_type END AS kind
  FROM information_schema.columns c
  WHERE c.table_schema = current_schema()
    AND EXISTS (SELECT 1 FROM information_schema.tables b
      WHERE b.table_schema = c.table_schema AND b.table_name = c.table_name AND b.table_type = 'BASE TABLE')
    AND EXISTS (SELECT 1 FROM information_schema.columns o
      WHERE o.table_schema = c.table_schema AND o.table_name = c.table_name AND o.column_name = 'org_id')
    AND (c.data_type IN ('text', 'character varying', 'json', 'jsonb') OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar')))
  ORDER BY c.table_name, c.ordinal_position`;

// ---- Export: the person's own mail, newest first ----

/** Messages from the address or to it (to, cc, bcc), newest first, at most `limit`. */
export const ownMessageIds = (m: AddressMatch, limit: number) => Prisma.sql`
  WITH ${params(m)} SELECT t.id::text AS id FROM messages t, p WHERE t.org_id = ${m.orgId}::uuid AND ${OWN_MESSAGE}
  ORDER BY t.created_at DESC, t.id LIMIT ${limit}::int`;

/** Inbound mail from the address or to it, newest first, at most `limit`. */
export const ownInboundIds = (m: AddressMatch, limit: number) => Prisma.sql`
  WITH ${params(m)} SELECT t.id::text AS id FROM inbound_messages t, p WHERE t.org_id = ${m.orgId}::uuid AND ${OWN_INBOUND}
  ORDER BY t.received_at DESC, t.id LIMIT ${limit}::int`;
