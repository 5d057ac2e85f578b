// Hot-path SQL (the few statements every send or key request runs). On PostgreSQL these go
// through plain pg pools: measured here, the same statement costs about half the app CPU it
// costs through Prisma (PERFORMANCE.md). On the embedded database they stay on Prisma's
// connection, whose adapter keeps PGlite's single connection out of other transactions.
import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import { dbHandle } from "@/lib/db/client";
import { directDatabaseUrl } from "@/lib/db/direct-url";
import { log } from "@/lib/log";
import type { Prisma } from "@/lib/generated/prisma/client";

export type Durability = "durable" | "deferred";

const holder = globalThis as unknown as { __mailroomPools?: Partial<Record<Durability, pg.Pool>> };

function pool(url: string, durability: Durability): pg.Pool {
  const pools = (holder.__mailroomPools ??= {});
  // "deferred" statements commit without waiting for the WAL flush. They are the ones that
  // update a row every request of a key or organization updates (rate and allowance
  // counters): waiting for a flush while holding that row's lock serialised those requests
  // on disk latency. A database crash can lose their last fraction of a second: a few counts
  // (a few extra requests let in), or a queued message row whose durable outcome statement
  // never ran, so whose send was never answered. WAL is one sequence, so the durable
  // statement that ends a send (finishMessage) makes its earlier deferred rows durable too.
  if (!pools[durability]) {
    const created = new pg.Pool({
      connectionString: url,
      // Small: next to Prisma's pool, several instances must fit PostgreSQL's default 100
      // connections; under load the app process, not the pool, is the limit (PERFORMANCE.md).
      max: 5,
      // Behind a transaction pooler (a direct URL is configured for migrations) a startup
      // option would be refused or would not stick to the server connection: commit durably.
      ...(durability === "deferred" && !directDatabaseUrl() ? { options: "-c synchronous_commit=off" } : {}),
    });
    // An idle connection the server drops (a restart, a failover) is reported on the pool, and
    // an EventEmitter error with no listener is an uncaught exception. The pool has already
    // discarded that connection and opens a new one when it next needs one.
    created.on("error", (err) => log.warn("an idle database connection was lost; the pool reconnects on demand", { err: err.message }));
    pools[durability] = created;
  }
  return pools[durability];
}

/** invalid_sql_statement_name, duplicate_prepared_statement, feature_not_supported (cached plan). */
const UNPREPARABLE = new Set(["26000", "42P05", "0A000"]);

/**
 * A statement as sent: its text and the name it is prepared under. Statements run as named
 * prepared statements: each connection parses and plans one once, not on every call (the send
 * path's statements are long CTEs, and planning them each time cost PostgreSQL more than running
 * them). The name is a hash of the text.
 */
interface Prepared {
  /** The statement's pieces between its parameters: the text is them joined with `$n`. */
  pieces: readonly string[];
  text: string;
  name: string;
}

/**
 * Statements seen, by their first piece. A statement of a known shape is found by comparing its
 * pieces with the ones seen, so its text is neither joined nor hashed again: the hot statements
 * are several kilobytes, and doing that on every call cost a send about 2% of its server CPU.
 * (Pieces inside a constant fragment are the same strings every call; where fragments meet,
 * Prisma joins pieces afresh, and those are compared by content.)
 */
const shapes = new Map<string, Prepared[]>();
const MAX_SHAPES = 1_000;
let shapeCount = 0;

const samePieces = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((piece, i) => piece === b[i]);

function prepared(statement: Statement): Prepared {
  const pieces = statement.strings;
  const known = shapes.get(pieces[0]);
  const found = known?.find((p) => samePieces(p.pieces, pieces));
  if (found) return found;
  const text = statement.text;
  const shape = { pieces: [...pieces], text, name: `mr_${createHash("sha1").update(text).digest("hex").slice(0, 20)}` };
  if (shapeCount < MAX_SHAPES) {
    shapeCount++;
    if (known) known.push(shape);
    else shapes.set(pieces[0], [shape]);
  }
  return shape;
}

/**
 * A statement: a `Prisma.sql` fragment (its parameters number themselves). Its text keeps `$n`
 * placeholders, the same for every call of one shape, so the prepared-statement cache holds.
 */
export type Statement = Prisma.Sql;

/** Bigint parameters go as text. */
const valuesOf = (statement: Statement): unknown[] => statement.values.map((p) => (typeof p === "bigint" ? p.toString() : p));

/** Runs one statement. */
export async function rawQuery<T>(statement: Statement, durability: Durability = "durable"): Promise<T[]> {
  const values = valuesOf(statement);
  const h = dbHandle();
  if (h.kind === "postgres") {
    const p = pool(h.url, durability);
    const { text, name } = prepared(statement);
    try {
      return (await p.query({ name, text, values })).rows as T[];
    } catch (err) {
      // Behind a transaction-pooling proxy a named statement can vanish or already exist, and
      // a migration can change a cached plan's result type: run it unnamed then.
      if (!UNPREPARABLE.has((err as { code?: string }).code ?? "")) throw err;
      return (await p.query(text, values)).rows as T[];
    }
  }
  return h.prisma.$queryRawUnsafe<T[]>(statement.text, ...values);
}

export async function closeRawPool(): Promise<void> {
  const pools = holder.__mailroomPools ?? {};
  holder.__mailroomPools = undefined;
  await Promise.all(Object.values(pools).map((p) => p?.end()));
}

export type SnapshotQuery = <T>(statement: Statement) => Promise<T[]>;

/**
 * Several reads from one consistent snapshot (REPEATABLE READ, read only), e.g. a watermark and
 * the rows it governs. Its statements are unnamed, so PostgreSQL plans each with its actual
 * values (report queries depend on them too much for a generic plan). No parallel workers: the
 * reads are of rollups and a few partial hours, tens of milliseconds of work, and starting
 * workers cost more than that (measured on a 2-core host: a report's Gather took 67 ms for
 * 20 ms of scanning), besides taking cores from the requests around it.
 */
export async function readSnapshot<T>(work: (query: SnapshotQuery) => Promise<T>): Promise<T> {
  const h = dbHandle();
  if (h.kind !== "postgres") {
    return h.prisma.$transaction((tx) =>
      work(<R>(statement: Statement) => {
        return tx.$queryRawUnsafe<R[]>(statement.text, ...valuesOf(statement));
      }),
    );
  }
  const client = await pool(h.url, "durable").connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL max_parallel_workers_per_gather = 0");
    const result = await work(async <R>(statement: Statement) => {
      return (await client.query(statement.text, valuesOf(statement))).rows as R[];
    });
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
