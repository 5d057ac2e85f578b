// The API's types, taken from the generated OpenAPI types (src/generated/openapi.ts, `npm run
// sdk:types`; a test fails while they are behind the server's operations).
import type { paths } from "./generated/openapi.js";

type Operation<P extends string, M extends string> = P extends keyof paths
  ? M extends keyof paths[P]
    ? NonNullable<paths[P][M]>
    : never
  : never;

type JsonBody<O> = O extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
type Query<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type Pagination<O> = O extends { responses: { 200: { content: { "application/json": { pagination?: infer P } } } } }
  ? NonNullable<P>
  : never;
type Data<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: S extends 200 | 201 | 202 ? (R[S] extends { content: { "application/json": { data: infer D } } } ? D : never) : never;
    }[keyof R]
  : never;

type Send = Operation<"/api/v1/email/send", "post">;
type GetScheduled = Operation<"/api/v1/email/scheduled/{id}", "get">;
type CancelScheduled = Operation<"/api/v1/email/scheduled/{id}", "delete">;
type UpdateScheduled = Operation<"/api/v1/email/scheduled/{id}", "patch">;
type Batch = Operation<"/api/v1/email/batch", "post">;
type ListMessages = Operation<"/api/v1/email/messages", "get">;
type GetMessage = Operation<"/api/v1/email/messages/{messageId}", "get">;

/** POST /api/v1/email/send's body. */
export type SendEmailBody = JsonBody<Send>;
/** A send with scheduledAt: sent later. */
export type ScheduleEmailBody = SendEmailBody & { scheduledAt: string };
/** What a send answers: the send result, or with scheduledAt the scheduled email. */
export type SendResult = Data<Send>;
export type ScheduledEmail = Data<GetScheduled>;
export type CancelResult = Data<CancelScheduled>;

export type UpdateScheduledBody = JsonBody<UpdateScheduled>;
export type BatchItem = JsonBody<Batch> extends (infer I)[] ? I : never;
export type BatchResult = Data<Batch>;

/** GET /api/v1/email/messages's filters and paging (page, or the cursor of a previous page). */
export type ListMessagesQuery = Query<ListMessages>;
export type MessageSummary = Data<ListMessages> extends (infer M)[] ? M : never;
/** One sent message in full, with its events. */
export type Message = Data<GetMessage>;
/** The paging of a list of messages: nextCursor is null on the last page. */
export type MessagePagination = Pagination<ListMessages>;

/** One page of messages: its data, its paging and the request's id. */
export interface MessagePage {
  data: MessageSummary[];
  pagination: MessagePagination;
  requestId: string;
}

export type { paths, components, operations } from "./generated/openapi.js";
