// A streamed CSV upload as records, never held whole: the body flows through a byte counter
// (413 past the limit, counted as the bytes arrive) into csv-parse, and records come out as the
// consumer asks for them. While the consumer writes a batch, the parser's buffer fills and the
// upload stops being read (backpressure), so memory stays flat whatever the file's size.
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { parse, CsvError } from "csv-parse";
import { AppError } from "@/lib/errors/app-error";
import { MiB } from "@/lib/http/read-body";

export interface CsvRecord {
  cells: string[];
  /** The line the record ends on (1: the first line). */
  line: number;
}

/** The upload ended before the file did: the client closed the connection, or Node timed the request out (its requestTimeout). */
export class UploadInterrupted extends Error {
  constructor(cause: unknown) {
    super("the upload stopped before the end of the file (the connection closed or timed out)", { cause });
  }
}

export function tooLarge(limit: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds the ${Math.round(limit / MiB)} MiB limit`);
}

function byteLimit(limit: number): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      done(bytes > limit ? tooLarge(limit) : null, chunk);
    },
  });
}

export async function* csvRecords(
  body: ReadableStream<Uint8Array>,
  { limit, maxLine }: { limit: number; maxLine: number },
): AsyncGenerator<CsvRecord> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, max_record_size: maxLine });
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
  let sourceFailed = false;
  source.once("error", () => (sourceFailed = true));
  const piping = pipeline(source, byteLimit(limit), parser);
  // Settled below; until then a rejection must not count as unhandled.
  piping.catch(() => undefined);
  // csv-parse counts a CRLF inside a quoted cell as two lines (a Windows file with multi-line
  // cells): take those back off, so a row's line is the one a text editor shows.
  let extraLines = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      for (const cell of record) extraLines += crlfCount(cell);
      yield { cells: record, line: info.lines - extraLines };
    }
    await piping;
  } catch (err) {
    if (err instanceof CsvError) {
      const lines = (err as CsvError & { lines?: number }).lines;
      const line = lines ? ` at line ${lines - extraLines}` : "";
      if (err.code === "CSV_MAX_RECORD_SIZE") {
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `A CSV row${line} is longer than ${Math.round(maxLine / 1024)} KiB (is a quote left open?)`,
        );
      }
      throw new AppError("VALIDATION_ERROR", `Malformed CSV${line}: ${err.message}`, [{ path: "body", message: "malformed CSV" }]);
    }
    if (sourceFailed && !(err instanceof AppError)) throw new UploadInterrupted(err);
    throw err;
  } finally {
    // Stopped early (an error, or the consumer gave up): stop reading the upload too.
    if (!source.destroyed) source.destroy();
    if (!parser.destroyed) parser.destroy();
  }
}

function crlfCount(cell: string): number {
  let n = 0;
  for (let i = cell.indexOf("\r\n"); i !== -1; i = cell.indexOf("\r\n", i + 2)) n++;
  return n;
}
