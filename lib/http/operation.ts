// A v1 operation: its method, path, scope and zod schemas. The route handler, the OpenAPI
// document and the tests all read the same object.
import type { z } from "zod";
import type { Permission, Scope } from "@/lib/auth/permissions";

export interface Operation {
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
  bodyLimit?: number;
  /** A non-JSON request body the handler reads itself as a stream (req.body): not parsed or buffered here. */
  rawBody?: { contentType: string; description: string };
  /** A non-JSON success response (the handler returns a Response): its content type, for the OpenAPI document. */
  produces?: { contentType: string; description: string };
}

export function defineOperation<const O extends Operation>(op: O): O {
  return op;
}
