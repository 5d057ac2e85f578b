// A v1 operation: its method, path, scope, zod schemas and the handler that answers it. The
// route (`export const GET = v1Route(op)`), its MCP tool, the OpenAPI document and the tests
// all read the same object. defineOperation records each one, so the OpenAPI document's list
// is derived from the modules that define them (lib/openapi/operations.ts), never kept by hand.
import type { z } from "zod";
import type { Permission, Scope } from "@/lib/auth/permissions";
import { paginationSchema, type Pagination } from "@/lib/http/pagination";
import type { RequestContext } from "@/lib/http/route-context";

export interface OperationSpec {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI form: /api/v1/projects/{id} */
  path: string;
  summary: string;
  tag: string;
  /** "*" is a key's full access, never a route's requirement. */
  scope: Exclude<Scope, "*">;
  /** Organization-wide writes: refused to keys bound to one project. */
  orgWide?: boolean;
  permission?: Permission;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of the envelope's `data`. */
  response: z.ZodType;
  status?: number;
  paginated?: boolean;
  /** The envelope's `pagination` when not the usual {page, perPage, total} (lib/http/pagination.ts). */
  pagination?: z.ZodType;
  bodyLimit?: number;
  /** A non-JSON request body the handler reads itself as a stream (req.body): not parsed or buffered here. */
  rawBody?: { contentType: string; description: string };
  /** A non-JSON success response (the handler returns a Response): its content type, for the OpenAPI document. */
  produces?: { contentType: string; description: string };
  /** The handler reads the HTTP request itself (a header such as Idempotency-Key, a streamed
   * body): its context carries `req`, and no MCP tool is built from it. */
  readsRequest?: true;
}

/** What a handler answers: the envelope's data (and pagination), or a Response of its own for a non-JSON body (`produces`). */
export interface V1Result {
  data: unknown;
  pagination?: Pagination | Record<string, unknown>;
  status?: number;
}

/** A handler's input: the caller and the validated params, query and body; the request itself only where the operation reads it. */
export type OperationContext<S extends OperationSpec> = S extends { readsRequest: true }
  ? RequestContext<S>
  : Omit<RequestContext<S>, "req">;

export type Operation<S extends OperationSpec = OperationSpec> = S & {
  handler: (ctx: OperationContext<S>) => Promise<V1Result | Response>;
};

/** Every defined operation, with its place in the order of definition. */
const defined = new WeakMap<object, number>();
let definedCount = 0;

export function defineOperation<const S extends OperationSpec>(spec: S, handler: Operation<S>["handler"]): Operation<S> {
  const op = { ...spec, handler };
  defined.set(op, definedCount++);
  return op;
}

/** The operations the given modules (their namespaces) export, module by module, each module's in the order it defines them. */
export function operationsOf(modules: object[]): OperationSpec[] {
  return modules.flatMap((m) =>
    Object.values(m)
      .filter((value): value is OperationSpec => typeof value === "object" && value !== null && defined.has(value))
      .sort((a, b) => defined.get(a)! - defined.get(b)!),
  );
}

/** The schema of a paginated operation's `pagination`; null when the operation is not paginated. */
export const paginationSchemaOf = (op: Pick<OperationSpec, "paginated" | "pagination">): z.ZodType | null =>
  op.paginated ? (op.pagination ?? paginationSchema) : null;
