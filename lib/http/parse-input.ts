// Validates params, query and body against the route's zod schemas. A route that declares
// no query accepts none, and one that declares no body accepts none: every input a caller
// sends is checked. Text the database cannot store (NUL, lone surrogates) is refused in all of them.
import { z } from "zod";
import { readJsonBody, DEFAULT_BODY_LIMIT, hasBody } from "@/lib/http/read-body";
import { AppError, validationError } from "@/lib/errors/app-error";
import { findUnstorable } from "@/lib/db/storable-text";

export interface InputSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  bodyLimit?: number;
  /** Set: the handler streams the body itself (OperationSpec.rawBody); it is left unread here. */
  rawBody?: unknown;
}

export interface ParsedInput {
  body: unknown;
  query: unknown;
  params: unknown;
}

const noQuery = z.object({}).strict();

/** Refuses (400) input holding text the database cannot store: NUL, lone surrogates. `where`
 * names the input in the message ("body", "query", "arguments"). */
export function assertStorable(value: unknown, where: string): void {
  const bad = findUnstorable(value);
  if (!bad) return;
  const path = [where, ...bad.path].join(".");
  throw new AppError("VALIDATION_ERROR", `Invalid request: ${path}: ${bad.problem}`, [{ path, message: bad.problem }]);
}

function check(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  assertStorable(value, where);
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error.issues, where);
  return result.data;
}

export async function parseInput(
  req: Request,
  rawParams: Record<string, string | string[]> | undefined,
  schemas: InputSchemas,
): Promise<ParsedInput> {
  const params = check(schemas.params, rawParams ?? {}, "params");
  const query = check(schemas.query ?? noQuery, Object.fromEntries(new URL(req.url).searchParams), "query");
  const limit = schemas.bodyLimit ?? DEFAULT_BODY_LIMIT;
  let body: unknown;
  if (schemas.body) {
    body = check(schemas.body, await readJsonBody(req, limit), "body");
  } else if (!schemas.rawBody && hasBody(req)) {
    // Read it anyway so an oversized upload is refused with 413, then refuse any content.
    const content = await readJsonBody(req, limit);
    if (content !== null && !(typeof content === "object" && Object.keys(content).length === 0)) {
      throw new AppError("VALIDATION_ERROR", "This route takes no request body", [{ path: "body", message: "not allowed" }]);
    }
  }
  return { body, query, params };
}
