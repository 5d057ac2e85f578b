// client.emails: send, batch, schedule and change scheduled sends.
import type { HttpClient, RequestOptions } from "./http.js";
import type {
  BatchItem,
  BatchResult,
  CancelResult,
  ScheduleEmailBody,
  ScheduledEmail,
  SendEmailBody,
  SendResult,
  UpdateScheduledBody,
} from "./types.js";

const id = (value: string) => encodeURIComponent(value);

export class Emails {
  constructor(private readonly http: HttpClient) {}

  /** POST /api/v1/email/send: send one email now (or at body.scheduledAt). */
  async send(body: SendEmailBody, options: RequestOptions = {}): Promise<SendResult> {
    return (await this.http.request<SendResult>({ method: "POST", path: "/api/v1/email/send", body, ...options })).data;
  }

  /** POST /api/v1/email/batch: 1 to 100 sends; one entry per item, in order (a result or {error, code}). */
  async batch(items: BatchItem[], options: RequestOptions = {}): Promise<BatchResult> {
    return (await this.http.request<BatchResult>({ method: "POST", path: "/api/v1/email/batch", body: items, ...options })).data;
  }

  /** A send at body.scheduledAt: answers the scheduled email. */
  async schedule(body: ScheduleEmailBody, options: RequestOptions = {}): Promise<ScheduledEmail> {
    return (await this.send(body, options)) as ScheduledEmail;
  }

  /** GET /api/v1/email/scheduled/{id} */
  async getScheduled(scheduledId: string): Promise<ScheduledEmail> {
    return (await this.http.request<ScheduledEmail>({ method: "GET", path: `/api/v1/email/scheduled/${id(scheduledId)}` })).data;
  }

  /** PATCH /api/v1/email/scheduled/{id}: change a scheduled email while it waits. */
  async update(scheduledId: string, patch: UpdateScheduledBody, options: RequestOptions = {}): Promise<ScheduledEmail> {
    const path = `/api/v1/email/scheduled/${id(scheduledId)}`;
    return (await this.http.request<ScheduledEmail>({ method: "PATCH", path, body: patch, ...options })).data;
  }

  /** DELETE /api/v1/email/scheduled/{id}: cancelled is false once it is sending or done. */
  async cancel(scheduledId: string): Promise<CancelResult> {
    return (await this.http.request<CancelResult>({ method: "DELETE", path: `/api/v1/email/scheduled/${id(scheduledId)}` })).data;
  }
}
