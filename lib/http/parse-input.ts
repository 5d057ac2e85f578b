// Validates params, query and body against the route's zod schemas.
import type { z } from "zod";
import { readJsonBody, DEFAULT_BODY_LIMIT } from "@/lib/http/read-body";
import { validationError } from "@/lib/http/errors";

export interface InputSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  bodyLimit?: number;
}

export interface ParsedInput {
  body: unknown;
  query: unknown;
  params: unknown;
}

function check(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
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
  const query = check(schemas.query, Object.fromEntries(new URL(req.url).searchParams), "query");
  const body = schemas.body
    ? check(schemas.body, await readJsonBody(req, schemas.bodyLimit ?? DEFAULT_BODY_LIMIT), "body")
    : undefined;
  return { body, query, params };
}
