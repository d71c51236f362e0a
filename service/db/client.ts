import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type ServiceDatabase = ReturnType<typeof createServiceDatabase>;

/** PostgreSQL's "try again" failures: a deadlock victim (40P01) and a serialization failure (40001). */
export function isRetryableTransactionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === "40P01" || code === "40001") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// What a database that is down, restarting or out of reach looks like: the socket's failures, PostgreSQL's
// connection exceptions (class 08), its shutdown and start-up refusals (57P01-57P03) and "too many connections".
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
// node-postgres reports a connection lost mid-query, or a pool that could not connect in time, by message only.
const UNREACHABLE_MESSAGE =
  /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * Whether an error means the database cannot be reached (so the request may succeed later), as opposed to a
 * failure of the request itself. Looks through drizzle's wrapping (`cause`) and Node's AggregateError (`errors`).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || code.startsWith("08"))) return true;
  if (typeof message === "string" && UNREACHABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Attempts of one top-level transaction before its deadlock or serialization failure is let through. */
const TRANSACTION_ATTEMPTS = 4;

export function createServiceDatabase(connectionString: string, options: { max?: number } = {}) {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20 });
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle(pool, { schema });

  // PostgreSQL aborts one of two transactions that wait on each other, whatever order the code locks in (a
  // request's locks also meet the job queue's and other requests' in ways no single order covers). The victim
  // rolled back entirely, so running it again is safe: every transaction callback here only reads and writes the
  // database (webhooks are enqueued in the same transaction). Nested transactions are savepoints on `tx` and are
  // not retried on their own.
  const runTransaction = db.transaction.bind(db);
  const transaction: typeof db.transaction = async (work, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await runTransaction(work, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  };
  return Object.assign(db, { pool, transaction });
}

/**
 * A statement built once per database and sent by name, so PostgreSQL parses and plans it once per connection
 * instead of on every call. For the queries that run on every request (the clock's offset, the configuration):
 * unprepared, their parsing and planning cost PostgreSQL more than running them (docs/BENCHMARKS.md, proxy
 * overhead). `build` must end in `.prepare(name)` with a name no other statement uses.
 */
export function preparedOnce<Statement>(
  build: (db: ServiceDatabase) => Statement,
): (db: ServiceDatabase) => Statement {
  const statements = new WeakMap<ServiceDatabase, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
