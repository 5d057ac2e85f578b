// A database as the previous release left it, for the upgrade test (docs/upgrading.md): its
// migrations only, and rows written in raw SQL valid for that schema, with the secrets frozen
// as that release stored them (scrypt password hashes, a SHA-256 key hash, AES-256-GCM seals
// under UPGRADE_ENCRYPTION_KEY), so a change of format that strands old data fails the test.
import type pg from "pg";
import { readMigrations } from "@/lib/db/migrate";

// The previous release: every migration up to and including this one (the last that landed
// before the OAuth work). At each release, move it to the newest migration of the release just
// cut, and keep the rows below valid for that schema (a new NOT NULL column without a default
// needs its value here).
export const PREVIOUS_RELEASE_LAST = "20261122090000_sequence_enrolment_indexes";

export function previousReleaseMigrations() {
  const all = readMigrations();
  if (!all.some((m) => m.name === PREVIOUS_RELEASE_LAST)) throw new Error(`No migration ${PREVIOUS_RELEASE_LAST}`);
  return all.filter((m) => m.name <= PREVIOUS_RELEASE_LAST);
}

/** The instance's ENCRYPTION_KEY before and after the upgrade (it must not change). */
export const UPGRADE_ENCRYPTION_KEY = Buffer.from("mailroom-upgrade-test-key-32byte").toString("base64");

export const OLD = {
  owner: { email: "owner@upgrade.test", password: "old release password 1" },
  admin: { email: "ada@upgrade.test", password: "old release password 2" },
  apiKey: "mr_BC_aQHnzBMNmCPyIRxcdDD3xVhDiSrCEA2UNpc3dPeU",
  webhookSecret: "whsec_UEqOY0iTXb0/1kUC9q/CJQlnU65guwyaDc7hbTSWrvw=",
  smtp: { username: "relay", password: "relay-password" },
  sender: "news@acme.test",
  providerReply: "HTTP 200: ami-id\ninstance-id\niam/security-credentials/relay-role",
  customer: "customer@example.test",
};

const FROZEN = {
  ownerHash:
    "scrypt$16384$8$1$ACH3fNOSW8O+VmoA1qnpsg==$xHAcMmVhxlXYEaQ6c6Vi8gmD9d/wzZ6lV6C4oRsROA1H1KCJzsP2B1eEphBGJ0R4Gk3s96t1UiQIAJZNUCWgag==",
  adminHash:
    "scrypt$16384$8$1$t8tqoJ0I4ua8NPZw5CpoZw==$s2VyX5Ymy18/af93doykLTk+aa/GOVUP6DIfgMADvIxiU2w7vkkFmtTwA4je3EtVcr6K0OIqaxC4Td/WiC7TbQ==",
  keyPrefix: "mr_BC_aQHnzB",
  keyHash: "115cc44ec580daf5df8816096a08cb4288cdb09efd41967fd41b5399fef439f0",
  webhookSecretSealed: "v1.hBQYiDuKpcKawaHH.If6rSlnwbi4OFGK9ngbkWA.OJYIyxZwgjx19-xDoFaSSkgDYBk64ILuewCbOx0TX9JsqnJ48keXE63tlerYAUbdfqc",
  smtpSecretsSealed: "v1.ykyZgwliX32Q4om9.l8UbkRn0VX48kvznSrQksQ.HOjyDD_4DkZvxDvRvYDGDYGlDXuaLiqc6jpa4zdQS9T7oDTTyQLZP9nPfll07krO",
};

const id = (n: number) => `0a000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const IDS = {
  org: id(1),
  project: id(2),
  owner: id(3),
  admin: id(4),
  key: id(5),
  provider: id(6),
  message: id(7),
  sent: id(8),
  delivered: id(9),
  opened: id(10),
  endpoint: id(11),
  delivery: id(12),
  template: id(13),
  laterEmail: id(14),
  dueEmail: id(15),
  contactA: id(16),
  contactB: id(17),
  list: id(18),
};

const body = (subject: string) =>
  JSON.stringify({
    to: [OLD.customer],
    from: `Acme <${OLD.sender}>`,
    subject,
    text: `${subject}.`,
    priority: "normal",
    metadata: {},
    emailType: "transactional",
    attachments: [],
    headers: {},
  });

/**
 * Fills the database with one organization's working life under the previous release.
 * `laterAt` is a scheduled send far ahead; `dueAt` one that comes due around the upgrade.
 */
export async function seedPreviousRelease(sql: pg.Client, opts: { smtpPort: number; webhookUrl: string; laterAt: Date; dueAt: Date }) {
  const i = IDS;
  const q = (text: string, params: unknown[] = []) => sql.query(text, params);
  await q("BEGIN");
  await q(
    `INSERT INTO organizations (id, name, plan, send_mode, updated_at) VALUES ($1, 'Acme (previous release)', 'starter', 'production', now())`,
    [i.org],
  );
  await q(`INSERT INTO projects (id, org_id, name, is_default, updated_at) VALUES ($1, $2, 'Default', true, now())`, [i.project, i.org]);
  await q(
    `INSERT INTO users (id, email, name, password_hash, updated_at) VALUES ($1, $2, 'Olive Owner', $3, now()), ($4, $5, 'Ada Admin', $6, now())`,
    [i.owner, OLD.owner.email, FROZEN.ownerHash, i.admin, OLD.admin.email, FROZEN.adminHash],
  );
  await q(
    `INSERT INTO memberships (id, org_id, user_id, role, updated_at) VALUES (gen_random_uuid(), $1, $2, 'owner', now()), (gen_random_uuid(), $1, $3, 'admin', now())`,
    [i.org, i.owner, i.admin],
  );
  await q(
    `INSERT INTO api_keys (id, org_id, project_id, name, prefix, hash, scopes, created_by_user_id, last_used_at, created_at)
           VALUES ($1, $2, $3, 'Shop backend', $4, $5, $6, $7, now() - interval '1 day', now() - interval '30 days')`,
    [
      i.key,
      i.org,
      i.project,
      FROZEN.keyPrefix,
      FROZEN.keyHash,
      ["email:send", "analytics:read", "templates:read", "contacts:read", "lists:read", "webhooks:read", "org:read"],
      i.owner,
    ],
  );
  // Its last error as that release kept it: the start of what the host it was aimed at replied.
  await q(
    `INSERT INTO providers (id, org_id, name, type, config, secrets_sealed, priority, last_error, updated_at)
           VALUES ($1, $2, 'Relay', 'smtp', $3, $4, 10, $5, now())`,
    [
      i.provider,
      i.org,
      JSON.stringify({ host: "127.0.0.1", port: opts.smtpPort, secure: false, requireTls: false, rejectUnauthorized: true }),
      FROZEN.smtpSecretsSealed,
      OLD.providerReply,
    ],
  );
  await q(
    `INSERT INTO senders (id, org_id, email, name, confirmed_at, updated_at) VALUES (gen_random_uuid(), $1, $2, 'Acme', now() - interval '30 days', now())`,
    [i.org, OLD.sender],
  );
  await q(`INSERT INTO send_counters (org_id, month, count) VALUES ($1, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'), 1)`, [i.org]);

  // One message two days ago, its timeline: sent, delivered (reported by the provider), opened.
  await q(
    `INSERT INTO messages (id, org_id, project_id, api_key_id, from_address, "to", cc, bcc, subject, status, send_mode, provider_id,
             provider_name, provider_message_id, message_id_header, created_at, sent_at)
           VALUES ($1, $2, $3, $4, $5, $6, '{}', '{}', 'Your receipt', 'sent', 'production', $7, 'Relay', '<r-1@relay.test>', '<m-1@acme.test>',
             now() - interval '2 days', now() - interval '2 days')`,
    [i.message, i.org, i.project, i.key, `Acme <${OLD.sender}>`, [OLD.customer], i.provider],
  );
  const event = (eventId: string, type: string, source: string, minutes: number) =>
    q(
      `INSERT INTO email_events (id, org_id, project_id, message_id, type, recipient, send_mode, occurred_at, source, provider_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'production', now() - interval '2 days' + make_interval(mins => $7), $8, $9, now() - interval '2 days')`,
      [eventId, i.org, i.project, i.message, type, OLD.customer, minutes, source, i.provider],
    );
  await event(i.sent, "email.sent", "send", 0);
  await event(i.delivered, "email.delivered", "provider", 1);
  await event(i.opened, "email.opened", "tracking", 90);

  // The project's webhook endpoint; its delivery of the "delivered" event succeeded at the second try.
  await q(
    `INSERT INTO webhook_endpoints (id, org_id, project_id, url, description, events, secret_sealed, last_success_at, updated_at)
           VALUES ($1, $2, $3, $4, 'Orders system', $5, $6, now() - interval '2 days', now())`,
    [i.endpoint, i.org, i.project, opts.webhookUrl, ["email.delivered", "email.bounced"], FROZEN.webhookSecretSealed],
  );
  const payload = JSON.stringify({
    type: "email.delivered",
    created_at: new Date().toISOString(),
    data: { email_id: i.message, to: [OLD.customer] },
  });
  await q(
    `INSERT INTO webhook_deliveries (id, org_id, endpoint_id, event_id, event_type, payload, status, attempts, last_status_code, last_duration_ms, completed_at)
           VALUES ($1, $2, $3, $4, 'email.delivered', $5, 'succeeded', 2, 200, 41, now() - interval '2 days')`,
    [i.delivery, i.org, i.endpoint, i.delivered, payload],
  );
  await q(
    `INSERT INTO webhook_attempts (id, delivery_id, attempt, started_at, duration_ms, status_code, response_body, succeeded) VALUES
           ('msg_upgrade_1', $1, 1, now() - interval '2 days', 35, 503, 'busy', false),
           ('msg_upgrade_2', $1, 2, now() - interval '2 days', 41, 200, 'ok', true)`,
    [i.delivery],
  );

  // A template on its second version.
  await q(`INSERT INTO templates (id, org_id, name, current_version, updated_at) VALUES ($1, $2, 'Welcome', 2, now())`, [
    i.template,
    i.org,
  ]);
  await q(
    `INSERT INTO template_versions (id, template_id, version, subject, html, text, variables, created_by) VALUES
           (gen_random_uuid(), $1, 1, 'Welcome', '<p>Hello</p>', NULL, '[]', $2),
           (gen_random_uuid(), $1, 2, 'Welcome, {{name}}', '<p>Hello {{name}}</p>', NULL, '[{"name":"name","required":true}]', $2)`,
    [i.template, `user:${i.owner}`],
  );

  // Two scheduled sends, each with the job row that sends it.
  for (const [emailId, at, subject] of [
    [i.laterEmail, opts.laterAt, "Next month's newsletter"],
    [i.dueEmail, opts.dueAt, "Your weekly digest"],
  ] as const) {
    await q(
      `INSERT INTO scheduled_emails (id, org_id, project_id, api_key_id, email_data, scheduled_for, max_retries, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, 3, now())`,
      [emailId, i.org, i.project, i.key, body(subject), at],
    );
    await q(
      `INSERT INTO jobs (id, name, payload, run_at, max_attempts, dedupe_key) VALUES (gen_random_uuid(), 'email.send-scheduled', $1, $2, 4, $3)`,
      [JSON.stringify({ scheduledEmailId: emailId }), at, `scheduled:${emailId}`],
    );
  }

  // Contacts with a property, in a list; a suppressed address.
  await q(`INSERT INTO contact_properties (id, org_id, key, type) VALUES (gen_random_uuid(), $1, 'plan', 'string')`, [i.org]);
  await q(
    `INSERT INTO contacts (id, org_id, email, name, properties, updated_at) VALUES
           ($1, $3, 'customer@example.test', 'Carla Customer', '{"plan":"pro"}', now()),
           ($2, $3, 'former@example.test', 'Former Customer', '{}', now())`,
    [i.contactA, i.contactB, i.org],
  );
  await q(`UPDATE contacts SET subscription_status = 'unsubscribed', unsubscribed_at = now() WHERE id = $1`, [i.contactB]);
  await q(`INSERT INTO contact_lists (id, org_id, name, updated_at) VALUES ($1, $2, 'Customers', now())`, [i.list, i.org]);
  await q(`INSERT INTO contact_list_members (list_id, contact_id) VALUES ($1, $2), ($1, $3)`, [i.list, i.contactA, i.contactB]);
  await q(`INSERT INTO suppressions (id, org_id, email, reason) VALUES (gen_random_uuid(), $1, 'bounced@example.test', 'bounce')`, [i.org]);
  await q(
    `INSERT INTO audit_logs (id, org_id, actor_type, actor_id, action, target_type, target_id) VALUES (gen_random_uuid(), $1, 'user', $2, 'api_key.created', 'api_key', $3)`,
    [i.org, i.owner, i.key],
  );
  await q("COMMIT");
}
