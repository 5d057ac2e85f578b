import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import {
  createSequenceSchema,
  deletedSequenceSchema,
  enrolmentParamsSchema,
  enrolmentSchema,
  enrolResultSchema,
  enrolSchema,
  listEnrolmentsQuerySchema,
  listSequencesQuerySchema,
  sequenceDetailSchema,
  sequenceIdParamsSchema,
  sequenceSchema,
  updateSequenceSchema,
} from "@/lib/sequences/schemas";
import { enrolContacts, listEnrolments, removeEnrolment } from "@/lib/sequences/manage-enrolments";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { createSequence, deleteSequence, getSequenceOrThrow, listSequences, updateSequence } from "@/lib/sequences/manage-sequences";

const base = { tag: "Sequences" } as const;

export const listSequencesOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/sequences",
    summary: "List the organization's sequences with their steps and enrolment counts, newest first",
    scope: "sequences:read",
    query: listSequencesQuerySchema,
    response: z.array(sequenceSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listSequences({ orgId: principal.orgId, status: query.status, ...pageWindow(query) });
    return paginated(items, total, query);
  },
);

// Sequences belong to the whole organization: a key bound to one project may read them, not change them.
export const createSequenceOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/sequences",
    summary: "Create a sequence (1 to 20 steps); its name is unique in the organization (409 CONFLICT otherwise)",
    scope: "sequences:write",
    orgWide: true,
    body: createSequenceSchema,
    response: sequenceDetailSchema,
    status: 201,
  },
  async ({ principal, body }) => ({
    data: await createSequence({ principal, input: body }),
  }),
);

export const getSequenceOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/sequences/{id}",
    summary: "Get one sequence with its stats: enrolments by status and exit reason, and per step sends and their events",
    scope: "sequences:read",
    params: sequenceIdParamsSchema,
    response: sequenceDetailSchema,
  },
  async ({ principal, params }) => ({
    data: await getSequenceOrThrow({ orgId: principal.orgId, id: params.id }),
  }),
);

export const updateSequenceOperation = defineOperation(
  {
    ...base,
    method: "PATCH",
    path: "/api/v1/sequences/{id}",
    summary:
      "Rename, pause or resume a sequence, change its trigger list, sender or use case, or replace its steps (by position; enrolments go on at their next step)",
    scope: "sequences:write",
    orgWide: true,
    params: sequenceIdParamsSchema,
    body: updateSequenceSchema,
    response: sequenceDetailSchema,
  },
  async ({ principal, params, body }) => ({
    data: await updateSequence({ principal, id: params.id, input: body }),
  }),
);

export const deleteSequenceOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/sequences/{id}",
    summary: "Delete a sequence with its steps and enrolments; nothing more is sent from it",
    scope: "sequences:write",
    orgWide: true,
    params: sequenceIdParamsSchema,
    response: deletedSequenceSchema,
  },
  async ({ principal, params }) => ({
    data: await deleteSequence({ principal, id: params.id }),
  }),
);

export const listEnrolmentsOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/sequences/{id}/enrolments",
    summary: "List a sequence's enrolments, newest first, optionally by status",
    scope: "sequences:read",
    params: sequenceIdParamsSchema,
    query: listEnrolmentsQuerySchema,
    response: z.array(enrolmentSchema),
    paginated: true,
  },
  async ({ principal, params, query }) => {
    const { items, total } = await listEnrolments({
      orgId: principal.orgId,
      sequenceId: params.id,
      status: query.status,
      ...pageWindow(query),
    });
    return paginated(items, total, query);
  },
);

export const enrolContactsOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/sequences/{id}/enrolments",
    summary: "Enrol up to 1000 of the organization's contacts (by id or address); unsubscribed and already enrolled contacts are skipped",
    scope: "sequences:write",
    orgWide: true,
    params: sequenceIdParamsSchema,
    body: enrolSchema,
    response: enrolResultSchema,
  },
  async ({ principal, params, body }) => ({
    data: await enrolContacts({ principal, sequenceId: params.id, input: body }),
  }),
);

export const removeEnrolmentOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/sequences/{id}/enrolments/{enrolmentId}",
    summary: "Take a contact out of the sequence (exited, reason removed); a finished enrolment is answered unchanged",
    scope: "sequences:write",
    orgWide: true,
    params: enrolmentParamsSchema,
    response: enrolmentSchema,
  },
  async ({ principal, params }) => ({
    data: await removeEnrolment({ principal, sequenceId: params.id, enrolmentId: params.enrolmentId }),
  }),
);
