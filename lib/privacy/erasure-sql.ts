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

/** The organization's rows of `table` that hold the address, removed. */
const removeMatching = (table: Prisma.Sql) => (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)}, changed AS (DELETE FROM ${table} t USING p WHERE t.org_id = ${m.orgId}::uuid AND ${ROW_MATCHES} RETURNING 1)
  ${COUNT}`;

/** Events not published yet (the demo provider's later reports): removed. */
export const scheduledEventsStatement = removeMatching(Prisma.sql`scheduled_events`);

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
export const idempotencyStatement = removeMatching(Prisma.sql`idempotency_keys`);

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

/**
 * Hourly counts keep their totals: a row whose bounce reason names the address is merged into
 * the row the placeholder makes (one may be there already, from an earlier erasure).
 */
export const rollupsStatement = (m: AddressMatch) => Prisma.sql`
  WITH ${params(m)},
  old AS (DELETE FROM event_rollups t USING p WHERE t.org_id = ${m.orgId}::uuid AND ${holds(Prisma.sql`t.reason`)} RETURNING t.*),
  merged AS (
    INSERT INTO event_rollups (org_id, hour, project_id, provider, type, reason, use_case_id, count)
    SELECT o.org_id, o.hour, o.project_id, o.provider, o.type, ${scrub(Prisma.sql`o.reason`)}, o.use_case_id, sum(o.count)::int
    FROM old o, p GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (org_id, hour, project_id, provider, type, reason, use_case_id) DO UPDATE SET count = event_rollups.count + excluded.count
    RETURNING 1)
  SELECT count(*)::int AS n FROM old`;

// ---- Every other table of the organization ----

/** A text column of a table the steps above do not handle, as the catalog describes it. */
export interface SweptColumn {
  name: string;
  kind: "text" | "json" | "jsonb" | "array";
}

/** A table to sweep: one with an org_id, or one whose rows belong to such a table's (`via`: its key column and that table). */
export interface SweptTable {
  via: { column: string; table: string } | null;
  columns: SweptColumn[];
}

const ident = (name: string) => Prisma.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * The address replaced by the placeholder in every text, JSON and text-array column of one
 * table's rows of the organization that hold it. `distinct`: the placeholder followed by the
 * row's place in the table, for a table where the plain one would repeat a value a unique
 * index keeps to one row (two lists named after two spellings of the address, say).
 */
export const sweepStatement = (m: AddressMatch, table: string, { via, columns }: SweptTable, distinct = false) => {
  const replacement = distinct ? Prisma.sql`p.ph || ' ' || t.ctid::text` : Prisma.sql`p.ph`;
  const sets = columns.map(({ name, kind }) => {
    const column = Prisma.sql`t.${ident(name)}`;
    const text = kind === "text" ? column : Prisma.sql`${column}::text`;
    const replaced =
      kind === "array"
        ? Prisma.sql`ARRAY(SELECT regexp_replace(u.x, p.re, ${replacement}, 'gi') FROM unnest(${column}) WITH ORDINALITY AS u (x, i) ORDER BY u.i)`
        : Prisma.sql`regexp_replace(${text}, p.re, ${replacement}, 'gi')`;
    const value = kind === "json" ? Prisma.sql`${replaced}::json` : kind === "jsonb" ? Prisma.sql`${replaced}::jsonb` : replaced;
    return Prisma.sql`${ident(name)} = ${value}`;
  });
  const owned = via
    ? Prisma.sql`, ${ident(via.table)} o WHERE o.id = t.${ident(via.column)} AND o.org_id = ${m.orgId}::uuid`
    : Prisma.sql` WHERE t.org_id = ${m.orgId}::uuid`;
  return Prisma.sql`
    WITH ${params(m)}, changed AS (
      UPDATE ${ident(table)} t SET ${Prisma.join(sets, ", ")} FROM p${owned} AND ${ROW_MATCHES} RETURNING 1)
    ${COUNT}`;
};

/**
 * The tables to sweep and their text, JSON and text-array columns: every table with an org_id,
 * and every table without one that refers (by a one-column foreign key to its id) to one that
 * has it (a template's versions, an inbound message's attachments). Tables with neither hold
 * no organization's data (sessions, job queues, rate-limit counters).
 */
export const SWEEPABLE_COLUMNS = Prisma.sql`
  WITH org_tables AS (
    SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'org_id' AND NOT a.attisdropped)),
  children AS (
    SELECT DISTINCT ON (k.conrelid) ch.relname, a.attname AS via_column, o.relname AS via_table
    FROM pg_constraint k
    JOIN org_tables o ON o.oid = k.confrelid
    JOIN pg_class ch ON ch.oid = k.conrelid
    JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
    JOIN pg_attribute r ON r.attrelid = k.confrelid AND r.attnum = k.confkey[1] AND r.attname = 'id'
    WHERE k.contype = 'f' AND cardinality(k.conkey) = 1 AND k.conrelid NOT IN (SELECT oid FROM org_tables)
    ORDER BY k.conrelid, k.conname),
  swept AS (
    SELECT relname, NULL::text AS via_column, NULL::text AS via_table FROM org_tables
    UNION ALL SELECT relname, via_column, via_table FROM children)
  SELECT s.relname AS table, s.via_column, s.via_table, c.column_name AS name,
    CASE WHEN c.data_type IN ('text', 'character varying') THEN 'text' WHEN c.data_type = 'ARRAY' THEN 'array' ELSE c.data_type END AS kind
  FROM swept s JOIN information_schema.columns c ON c.table_schema = current_schema() AND c.table_name = s.relname
  WHERE c.data_type IN ('text', 'character varying', 'json', 'jsonb') OR (c.data_type = 'ARRAY' AND c.udt_name IN ('_text', '_varchar'))
  ORDER BY s.relname, c.ordinal_position`;

// ---- Export: the person's own mail, newest first ----

/** Messages from the address or to it (to, cc, bcc), newest first, at most `limit`. */
export const ownMessageIds = (m: AddressMatch, limit: number) => Prisma.sql`
  WITH ${params(m)} SELECT t.id::text AS id FROM messages t, p WHERE t.org_id = ${m.orgId}::uuid AND ${OWN_MESSAGE}
  ORDER BY t.created_at DESC, t.id LIMIT ${limit}::int`;

/** Inbound mail from the address or to it, newest first, at most `limit`. */
export const ownInboundIds = (m: AddressMatch, limit: number) => Prisma.sql`
  WITH ${params(m)} SELECT t.id::text AS id FROM inbound_messages t, p WHERE t.org_id = ${m.orgId}::uuid AND ${OWN_INBOUND}
  ORDER BY t.received_at DESC, t.id LIMIT ${limit}::int`;
