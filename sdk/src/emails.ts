// client.emails: send, batch, schedule and change scheduled sends; read and list sent messages.
import type { HttpClient, RequestOptions } from "./http.js";
import type {
  BatchItem,
  BatchResult,
  CancelResult,
  ListMessagesQuery,
  Message,
  MessagePage,
  MessagePagination,
  MessageSummary,
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

  /** GET /api/v1/email/messages/{messageId}: one sent message with its events and tags. */
  async get(messageId: string): Promise<Message> {
    return (await this.http.request<Message>({ method: "GET", path: `/api/v1/email/messages/${id(messageId)}` })).data;
  }

  /** GET /api/v1/email/messages: one page, newest first; pass pagination.nextCursor as cursor for the next. */
  async list(query: ListMessagesQuery = {}): Promise<MessagePage> {
    const res = await this.http.request<MessageSummary[]>({ method: "GET", path: "/api/v1/email/messages", query });
    return { data: res.data, pagination: res.pagination as MessagePagination, requestId: res.requestId };
  }

  /** Every message the query matches, newest first, page after page by cursor (unmoved by mail sent meanwhile). */
  async *listAll(query: Omit<ListMessagesQuery, "page" | "cursor"> = {}): AsyncGenerator<MessageSummary, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.list({ ...query, ...(cursor ? { cursor } : {}) });
      yield* page.data;
      cursor = page.pagination.nextCursor ?? undefined;
    } while (cursor);
  }
}
