// Reads a JSON body with a size cap. Malformed JSON and a missing JSON content type are
// validation errors (400), an oversized body is 413: never a crash, never a partial read.
import { AppError } from "@/lib/errors/app-error";

export const MiB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT = 1 * MiB;
export const SEND_BODY_LIMIT = 40 * MiB;

function tooLarge(limit: number) {
  const size = limit >= MiB ? `${Math.round(limit / MiB)} MiB` : `${Math.round(limit / 1024)} KiB`;
  return new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds the ${size} limit`);
}

/** The raw body text, whatever its type, refused past `limit` bytes (413). */
export async function readTextBody(req: Request, limit = DEFAULT_BODY_LIMIT): Promise<string> {
  return (await readBodyBytes(req, limit)).toString("utf8");
}

/** The raw body's bytes, refused past `limit` bytes (413). */
export async function readBodyBytes(req: Request, limit = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const { bytes, more } = await readUpTo(req, limit);
  if (more) throw tooLarge(limit);
  return bytes;
}

/**
 * The body's first `limit` bytes, and not a byte more is read: the stream is cancelled there,
 * so the rest is never taken off the connection. `more`: the body went on past the limit.
 */
export async function readUpTo(req: Request, limit: number): Promise<{ bytes: Buffer; more: boolean }> {
  if (!req.body) return { bytes: Buffer.alloc(0), more: false };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { bytes: Buffer.concat(chunks), more: false };
      if (size + value.byteLength > limit) {
        chunks.push(value.subarray(0, limit - size));
        return { bytes: Buffer.concat(chunks), more: true };
      }
      size += value.byteLength;
      chunks.push(value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** True when the request announces a body (a length above 0, or a chunked upload). */
export function hasBody(req: Request): boolean {
  const length = req.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return req.headers.has("transfer-encoding");
}

export async function readJsonBody(req: Request, limit = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError("VALIDATION_ERROR", "Content-Type must be application/json", [
      { path: "headers.content-type", message: "expected application/json" },
    ]);
  }
  const text = await readTextBody(req, limit);
  if (text.trim() === "") {
    throw new AppError("VALIDATION_ERROR", "Request body is empty; a JSON object is required", [{ path: "body", message: "required" }]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new AppError("VALIDATION_ERROR", `Malformed JSON: ${(err as Error).message}`, [{ path: "body", message: "malformed JSON" }]);
  }
  if (nestingDepth(value) > MAX_JSON_DEPTH) {
    throw new AppError("VALIDATION_ERROR", `JSON nested more than ${MAX_JSON_DEPTH} levels deep`, [
      { path: "body", message: "nested too deeply" },
    ]);
  }
  return value;
}

/** No request shape nests this deep; deeper input would only make validators recurse. */
export const MAX_JSON_DEPTH = 32;

/** How deep arrays and objects nest (counted without recursion, so any input is safe); the
 * count stops as soon as it passes `stopAbove`. */
export function nestingDepth(root: unknown, stopAbove = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== "object" || value === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > stopAbove) return deepest;
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}
