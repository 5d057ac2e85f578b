// Tool argument and result schemas, built from the v1 operations' own schemas (never redefined).
import { z } from "zod";
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { paginationSchemaOf, type OperationSpec } from "@/lib/http/operation";

/** An operation without inputs takes no arguments, as a v1 route without a query accepts none. */
export const emptyArguments = z.object({}).strict();

/** A route's path parameters and body as one flat, strict argument object (`{id, ...body}`). */
export function paramsAndBody<P extends z.ZodRawShape, B extends z.ZodRawShape>(params: z.ZodObject<P>, body: z.ZodObject<B>) {
  return params.extend(body.shape).strict();
}

// zod writes some string checks as a JSON Schema "format" beside the pattern that carries
// them (startsWith: format "starts_with", pattern "^whsec_.*"); clients that validate with
// ajv warn about every such unknown format, so the advertised schemas leave them out.
const ZOD_ONLY_FORMATS = new Set(["starts_with", "ends_with", "includes", "lowercase", "uppercase", "regex"]);

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output", target: string): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    target,
    io,
    override: ({ jsonSchema }) => {
      if (typeof jsonSchema.format === "string" && ZOD_ONLY_FORMATS.has(jsonSchema.format)) delete jsonSchema.format;
    },
  });
}

function standard(schema: z.ZodType, validate: StandardSchemaWithJSON["~standard"]["validate"]): StandardSchemaWithJSON {
  return {
    "~standard": {
      version: 1,
      vendor: "mailroom",
      validate,
      jsonSchema: {
        input: ({ target }) => jsonSchemaOf(schema, "input", target),
        output: ({ target }) => jsonSchemaOf(schema, "output", target),
      },
    },
  };
}

/**
 * The argument schema as the SDK sees it: its JSON Schema is advertised in tools/list, but
 * the SDK's own validation lets every argument through. The tool validates after checking
 * the scope, as the v1 routes do, so a refusal reads the same as on v1 ({error, code:
 * VALIDATION_ERROR} with the field paths) and a key without the scope learns nothing more.
 */
export const advertised = (schema: z.ZodType): StandardSchemaWithJSON => standard(schema, (value) => ({ value }));

/** The structured result's schema: the v1 envelope without its requestId. */
export function outputSchemaOf(op: OperationSpec): StandardSchemaWithJSON {
  const pagination = paginationSchemaOf(op);
  const envelope = pagination ? z.object({ data: op.response, pagination }) : z.object({ data: op.response });
  return standard(envelope, (value) => envelope["~standard"].validate(value));
}
