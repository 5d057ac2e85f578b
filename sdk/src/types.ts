// The API's types, taken from the generated OpenAPI types (src/generated/openapi.ts, `npm run
// sdk:types`). An operation the generated file does not have yet falls back to the hand-written
// type in src/pending-types.ts; once the file is regenerated with the operation in it, the
// generated type is used by itself (Generated<…> picks it).
import type { paths } from "./generated/openapi.js";
import type * as Pending from "./pending-types.js";

type Operation<P extends string, M extends string> = P extends keyof paths
  ? M extends keyof paths[P]
    ? NonNullable<paths[P][M]>
    : never
  : never;

/** T (read from the generated operation O) when O exists, else the fallback. */
type Generated<O, T, Fallback> = [O] extends [never] ? Fallback : T;

type JsonBody<O> = O extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
type Query<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
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

/** POST /api/v1/email/send's body. */
export type SendEmailBody = JsonBody<Send>;
/** A send with scheduledAt: sent later. */
export type ScheduleEmailBody = SendEmailBody & { scheduledAt: string };
/** What a send answers: the send result, or with scheduledAt the scheduled email. */
export type SendResult = Data<Send>;
export type ScheduledEmail = Data<GetScheduled>;
export type CancelResult = Data<CancelScheduled>;

export type UpdateScheduledBody = Generated<UpdateScheduled, JsonBody<UpdateScheduled>, Pending.UpdateScheduledBody>;
export type BatchItem = Generated<Batch, JsonBody<Batch> extends (infer I)[] ? I : never, SendEmailBody>;
export type BatchResult = Generated<Batch, Data<Batch>, Pending.BatchEntry[]>;

export type { paths, components, operations } from "./generated/openapi.js";
