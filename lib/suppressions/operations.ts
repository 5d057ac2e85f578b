import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import {
  createSuppressionSchema,
  deletedSuppressionSchema,
  listSuppressionsQuerySchema,
  suppressionEmailParamsSchema,
  suppressionSchema,
} from "@/lib/suppressions/schemas";
import { createSuppression, deleteSuppression, getSuppressionOrThrow, listSuppressions } from "@/lib/suppressions/manage-suppressions";
import { paginated } from "@/lib/http/pagination";

const base = { tag: "Suppressions" } as const;

export const listSuppressionsOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/suppressions",
    summary: "The organization's suppressed addresses, newest first; filter by ?search= (part of the address) and ?reason=",
    scope: "contacts:read",
    query: listSuppressionsQuerySchema,
    response: z.array(suppressionSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listSuppressions({ orgId: principal.orgId, query });
    return paginated(items, total, query);
  },
);

// The list is the whole organization's: a key bound to one project may read it, not change it.
export const createSuppressionOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/suppressions",
    summary:
      "Suppress an address (reason manual): sends to it are refused. Idempotent: an address already suppressed answers 200 with its existing row, 201 means it was added",
    scope: "contacts:write",
    orgWide: true,
    body: createSuppressionSchema,
    response: suppressionSchema,
    status: 201,
  },
  async ({ principal, body }) => {
    const { suppression, created } = await createSuppression({ principal, input: body });
    return { data: suppression, status: created ? 201 : 200 };
  },
);

export const getSuppressionOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/suppressions/{email}",
    summary: "Check one address: its suppression, or 404 when mail to it is not suppressed",
    scope: "contacts:read",
    params: suppressionEmailParamsSchema,
    response: suppressionSchema,
  },
  async ({ principal, params }) => ({
    data: await getSuppressionOrThrow({ orgId: principal.orgId, email: params.email }),
  }),
);

export const deleteSuppressionOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/suppressions/{email}",
    summary: "Remove an address from the suppression list, so mail to it is sent again; 404 when it is not suppressed",
    scope: "contacts:write",
    orgWide: true,
    params: suppressionEmailParamsSchema,
    response: deletedSuppressionSchema,
  },
  async ({ principal, params }) => ({
    data: await deleteSuppression({ principal, email: params.email }),
  }),
);
