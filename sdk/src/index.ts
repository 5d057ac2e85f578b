// @mailroom/node: the Mailroom v1 API from TypeScript (README.md).
import { Emails } from "./emails.js";
import { HttpClient, envVar, type ClientOptions } from "./http.js";
import { CLIENT_CODES, MailroomError } from "./errors.js";
import { Webhooks } from "./webhooks.js";

export class Mailroom {
  readonly emails: Emails;
  readonly webhooks = new Webhooks();
  readonly baseUrl: string;

  /** `key`: an API key (mr_…) or a connected app's access token; default MAILROOM_API_KEY. */
  constructor(key: string | undefined = envVar("MAILROOM_API_KEY"), options: ClientOptions = {}) {
    if (!key) throw new MailroomError({ message: "An API key is required (or MAILROOM_API_KEY)", status: null, code: "MISSING_API_KEY" });
    const http = new HttpClient(key, options);
    this.baseUrl = http.baseUrl;
    this.emails = new Emails(http);
  }
}

export default Mailroom;
export { MailroomError, CLIENT_CODES };
export type { FieldIssue } from "./errors.js";
export type { ClientOptions, RequestOptions } from "./http.js";
export { DEFAULT_BASE_URL, DEFAULT_MAX_RETRIES } from "./http.js";
export { verify as verifyWebhook, sign as signWebhook, TOLERANCE_SECONDS } from "./webhooks.js";
export type { WebhookEvent, WebhookHeaders, VerifyOptions } from "./webhooks.js";
export type * from "./types.js";
