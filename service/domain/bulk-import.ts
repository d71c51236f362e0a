import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse } from "csv-parse";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  BULK_ROW_VALIDATION_ERROR_CODE,
  type BulkCustomerImportError,
  bulkCustomerCsvRowSchema,
  bulkRowCorrelationId,
  bulkRowValidationError,
} from "../../shared/contract";
import { bulkCustomerCsvParseOptions } from "../../shared/contract/bulk-customer-columns";
import type { ServiceContext } from "../context";
import { bulkJobErrors, bulkJobs } from "../db/schema";
import { ApiError } from "../errors";
import { enqueueWebhook } from "../webhooks/enqueue";
import { hasNul } from "./customer-validation";
import { assertRegulated, insertPreparedCustomers, loadCustomerRules, prepareNewCustomer } from "./customers";
import { newId } from "./ids";

type BulkJobRow = typeof bulkJobs.$inferSelect;

/** Rows per transaction: large enough for multi-row INSERTs to pay off, small enough to show progress often. */
const BULK_BATCH_ROWS = 500;
/** A job object lists at most this many row errors (the counts stay exact), so a bad 400,000-row file stays readable. */
const BULK_ERRORS_SHOWN = 1_000;

type RowError = BulkCustomerImportError & { rowNumber: number };

function presentBulkJob(job: BulkJobRow, errors: (typeof bulkJobErrors.$inferSelect)[]) {
  return {
    jobId: job.id,
    status: job.status,
    progress: {
      total: job.total,
      processed: job.processed,
      successful: job.successful,
      failed: job.failed,
    },
    errors: errors.map((row) => {
      // correlationId is the row's platformCustomerId unless the row had none (then `row_<n>`).
      const hasPlatformId = row.rowNumber > 0 && row.correlationId !== `row_${row.rowNumber}`;
      return {
        correlationId: row.correlationId,
        ...(hasPlatformId ? { platformCustomerId: row.correlationId } : {}),
        error: row.error,
      };
    }),
    ...(job.completedAt ? { completedAt: job.completedAt.toISOString() } : {}),
  };
}

type Executor = Pick<ServiceContext["db"], "select">;

async function loadJobObject(executor: Executor, jobId: string) {
  const [job] = await executor.select().from(bulkJobs).where(eq(bulkJobs.id, jobId));
  if (!job) return undefined;
  const errors = await executor
    .select()
    .from(bulkJobErrors)
    .where(eq(bulkJobErrors.jobId, jobId))
    .orderBy(asc(bulkJobErrors.rowNumber))
    .limit(BULK_ERRORS_SHOWN);
  return presentBulkJob(job, errors);
}

/** GET /customers/bulk/jobs/{jobId} */
export async function getBulkJob(context: ServiceContext, jobId: string) {
  const job = hasNul(jobId) ? undefined : await loadJobObject(context.db, jobId);
  if (!job) throw new ApiError(404, "BULK_UPLOAD_JOB_NOT_FOUND", `No bulk import job ${jobId}.`);
  return job;
}

/**
 * POST /customers/bulk/csv: streams the upload to a temporary file (never into memory), then records the job and
 * queues its processing in one transaction. The file lives on this machine, so the worker that imports it must
 * share the temporary directory: true of the local service, which runs both in one process.
 */
export async function startBulkImport(
  context: ServiceContext,
  upload: {
    file: Readable & { truncated?: boolean };
    maxBytes: number;
    /** Runs once the file is stored and before the job exists: the last chance to refuse the upload. */
    beforeRecord?: () => Promise<void>;
  },
) {
  assertRegulated(context);
  const jobId = newId("Job");
  const filePath = path.join(tmpdir(), `bulk-customers-${randomUUID()}.csv`);
  try {
    await pipeline(upload.file, createWriteStream(filePath, { flags: "wx" }));
    if (upload.file.truncated) {
      throw new ApiError(
        413,
        "PAYLOAD_TOO_LARGE",
        `The file is larger than ${upload.maxBytes} bytes; split it into smaller files.`,
      );
    }
    if ((await stat(filePath)).size === 0) {
      throw new ApiError(400, "INVALID_INPUT", "The file is empty; it needs a header row and data rows.", {
        fields: [{ path: "file", message: "Empty file" }],
      });
    }
    // Read as UTF-8 later, bytes of another encoding (Excel's Windows "CSV": "M\xe1laga") would be stored with
    // U+FFFD in their place and screened so: the file is refused whole before anything is recorded.
    if (!(await isUtf8File(filePath))) {
      throw new ApiError(
        400,
        "INVALID_INPUT",
        'The file is not UTF-8 text (a sheet saved as Windows "CSV" is not): save it as "CSV UTF-8" and upload it again.',
        { fields: [{ path: "file", message: "Not UTF-8" }] },
      );
    }
    await upload.beforeRecord?.();
    const now = context.clock.now();
    await context.db.transaction(async (tx) => {
      await tx.insert(bulkJobs).values({ id: jobId, status: "PENDING", filePath, createdAt: now });
      await tx.execute(
        sql`select graphile_worker.add_job('import_customers', json_build_object('jobId', ${jobId}::text), max_attempts => 1)`,
      );
    });
  } catch (error) {
    await rm(filePath, { force: true });
    throw error;
  }
  return { jobId, status: "PENDING" as const };
}

/** Whether the whole file decodes as UTF-8 (read in chunks: a character split between two is not an error). */
async function isUtf8File(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of createReadStream(filePath)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

function csvParser() {
  return parse({ ...bulkCustomerCsvParseOptions, encoding: "utf8" });
}

/** Data rows of the file (header excluded), read once before importing so progress has a total. */
async function countRows(filePath: string): Promise<number> {
  let records = 0;
  for await (const _record of createReadStream(filePath).pipe(csvParser())) records++;
  return Math.max(0, records - 1);
}

interface CsvRow {
  rowNumber: number;
  cells: Record<string, string>;
  /** Set when the row's cell count differs from the header's. */
  shapeIssue?: string;
}

/** The row's correlationId, unless its platformCustomerId cannot be stored (NUL): then `row_<n>`. */
function correlationIdOf(row: CsvRow): string {
  return hasNul(row.cells.platformCustomerId ?? "")
    ? `row_${row.rowNumber}`
    : bulkRowCorrelationId(row.cells, row.rowNumber);
}

/** A domain rule broken by a valid row: 400s are validation failures (spec: validation_error); others keep their code. */
function rowErrorFromApiError(row: CsvRow, error: ApiError): RowError {
  const platformCustomerId = row.cells.platformCustomerId?.trim();
  const validation = error.status === 400;
  return {
    rowNumber: row.rowNumber,
    correlationId: correlationIdOf(row),
    ...(platformCustomerId ? { platformCustomerId } : {}),
    error: {
      code: validation ? BULK_ROW_VALIDATION_ERROR_CODE : error.code,
      message: error.message,
      details: { ...(error.details ?? {}), ...(validation ? { reason: error.code } : {}) },
    },
  };
}

/** Validates and imports one batch of rows; its customers, its row errors and the progress commit together. */
async function importBatch(context: ServiceContext, jobId: string, rows: CsvRow[]) {
  const rules = await loadCustomerRules(context);
  const now = context.clock.now();
  const errors: RowError[] = [];
  const candidates: { row: CsvRow; prepared: ReturnType<typeof prepareNewCustomer> }[] = [];
  for (const row of rows) {
    const nulColumn = Object.entries(row.cells).find(
      ([column, value]) => hasNul(column) || hasNul(value),
    )?.[0];
    if (nulColumn !== undefined) {
      const column = nulColumn.replaceAll("\u0000", "");
      errors.push({
        rowNumber: row.rowNumber,
        correlationId: correlationIdOf(row),
        error: {
          code: BULK_ROW_VALIDATION_ERROR_CODE,
          message: `${column}: contains a NUL character`,
          details: { fields: [{ path: column, message: "Cannot contain the NUL character" }] },
        },
      });
      continue;
    }
    if (row.shapeIssue !== undefined) {
      errors.push({
        rowNumber: row.rowNumber,
        correlationId: correlationIdOf(row),
        error: {
          code: BULK_ROW_VALIDATION_ERROR_CODE,
          message: row.shapeIssue,
          details: { fields: [{ path: "row", message: row.shapeIssue }] },
        },
      });
      continue;
    }
    const parsed = bulkCustomerCsvRowSchema.safeParse(row.cells);
    if (!parsed.success) {
      errors.push({
        rowNumber: row.rowNumber,
        ...bulkRowValidationError(row.cells, row.rowNumber, parsed.error),
      });
      continue;
    }
    try {
      candidates.push({
        row,
        prepared: prepareNewCustomer(rules, parsed.data.customer, { kycStatus: "APPROVED", now }),
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errors.push(rowErrorFromApiError(row, error));
    }
  }

  await context.db.transaction(async (tx) => {
    const { inserted, umaTaken } = await insertPreparedCustomers(
      tx,
      candidates.map((candidate) => candidate.prepared),
      rules.currencyCodes,
      now,
    );
    for (const taken of umaTaken) {
      const candidate = candidates.find((c) => c.prepared === taken);
      if (!candidate) continue;
      errors.push(
        rowErrorFromApiError(
          candidate.row,
          new ApiError(409, "UMA_ADDRESS_EXISTS", `The UMA address ${taken.row.umaAddress} is in use.`),
        ),
      );
    }
    if (errors.length > 0) {
      await tx
        .insert(bulkJobErrors)
        .values(
          errors.map((error) => ({
            jobId,
            rowNumber: error.rowNumber,
            correlationId: error.correlationId ?? `row_${error.rowNumber}`,
            error: error.error,
          })),
        )
        .onConflictDoNothing();
    }
    await tx
      .update(bulkJobs)
      .set({
        processed: sql`${bulkJobs.processed} + ${rows.length}`,
        successful: sql`${bulkJobs.successful} + ${inserted.length}`,
        failed: sql`${bulkJobs.failed} + ${errors.length}`,
      })
      .where(eq(bulkJobs.id, jobId));
  });
}

/** Ends the job and queues BULK_UPLOAD with the final job object, in one transaction. */
async function finishJob(
  context: ServiceContext,
  jobId: string,
  status: "COMPLETED" | "FAILED",
  fileError?: string,
) {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    if (fileError !== undefined) {
      await tx
        .insert(bulkJobErrors)
        .values({
          jobId,
          rowNumber: 0,
          correlationId: "file",
          error: { code: "invalid_file", message: fileError },
        })
        .onConflictDoNothing();
    }
    await tx.update(bulkJobs).set({ status, completedAt: now }).where(eq(bulkJobs.id, jobId));
    const job = await loadJobObject(tx, jobId);
    if (job) await enqueueWebhook(tx, { type: "BULK_UPLOAD", payload: { bulkCustomerImportJob: job } }, now);
  });
}

function fileProblem(error: unknown): string | undefined {
  if (error instanceof CsvError) return `The file is not readable CSV: ${error.message}`;
  if (error instanceof Error && "code" in error && error.code === "ENOENT") {
    return "The uploaded file is no longer available; upload it again.";
  }
  return undefined;
}

/**
 * The background import of one job (task `import_customers`). Rows go through the same preparation and insert as
 * POST /customers, in batches, each batch committing its customers, row errors and progress together, so should the
 * job run again it skips the rows its progress counts as done. The file is read as a stream twice (count, then
 * import): memory stays constant whatever its size.
 */
export async function runBulkImport(context: ServiceContext, jobId: string): Promise<void> {
  await context.clock.refresh();
  const [job] = await context.db
    .update(bulkJobs)
    .set({ status: "PROCESSING" })
    .where(and(eq(bulkJobs.id, jobId), inArray(bulkJobs.status, ["PENDING", "PROCESSING"])))
    .returning();
  if (!job) return;
  try {
    const total = await countRows(job.filePath);
    await context.db.update(bulkJobs).set({ total }).where(eq(bulkJobs.id, jobId));

    let header: string[] | undefined;
    let rowNumber = 0;
    let batch: CsvRow[] = [];
    for await (const record of createReadStream(job.filePath).pipe(csvParser()) as AsyncIterable<string[]>) {
      if (header === undefined) {
        header = record.map((name) => name.trim());
        continue;
      }
      rowNumber++;
      if (rowNumber <= job.processed) continue;
      const cells: Record<string, string> = {};
      header.forEach((name, index) => {
        const value = record[index];
        if (value !== undefined) cells[name] = value;
      });
      batch.push({
        rowNumber,
        cells,
        ...(record.length !== header.length
          ? { shapeIssue: `The row has ${record.length} cells; the header has ${header.length}` }
          : {}),
      });
      if (batch.length >= BULK_BATCH_ROWS) {
        await importBatch(context, jobId, batch);
        batch = [];
      }
    }
    if (batch.length > 0) await importBatch(context, jobId, batch);
    await finishJob(context, jobId, "COMPLETED");
  } catch (error) {
    const problem = fileProblem(error);
    // Anything else (the database went away) still ends the job, so it does not sit in PROCESSING forever;
    // the rows imported so far stay imported, as the counts say.
    await finishJob(
      context,
      jobId,
      "FAILED",
      problem ??
        "The import stopped because of an internal error; the rows counted as processed were imported.",
    ).catch(() => {});
    // The queue stores the message of a failed job; a NUL from a query's parameters would make that fail too.
    if (problem === undefined) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`bulk import ${jobId} failed: ${message.replaceAll("\u0000", "")}`);
    }
  } finally {
    await rm(job.filePath, { force: true });
  }
}
