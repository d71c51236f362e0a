import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { bulkCustomerCsvColumns } from "../shared/contract/bulk-customers";
import { type PeakMemory, sampleMemory } from "./support/memory";
import { signIn } from "./support/session";
import { CONSOLE_ORIGIN } from "./support/stack";
import { sleep } from "./support/stats";
import type { BenchContext } from "./types";

export const BULK_MEMORY_TARGET_BYTES = 300 * 1024 * 1024;

export interface BulkResult {
  rows: number;
  fileBytes: number;
  uploadSeconds: number;
  wallSeconds: number;
  rowsPerSecond: number;
  status: string;
  successful: number;
  failed: number;
  console: PeakMemory;
  service: PeakMemory;
}

const letters = (n: number) => n.toString().replace(/\d/g, (digit) => "abcdefghij"[Number(digit)] ?? "a");

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A valid row of the bulk CSV: a business with a US bank account. Businesses are used because the demo platform's
 * currencies require a nationality of individuals, which the CSV has no column for. The description pads the row
 * to `rowBytes`, so the file has the size asked for.
 */
function csvRow(n: number, rowBytes: number): string {
  const name = `Bench Imports ${letters(n)[0]?.toUpperCase()}${letters(n).slice(1)} LLC`;
  const cells: Record<string, string> = {
    platformCustomerId: `bulk-${n}`,
    customerType: "BUSINESS",
    businessLegalName: name,
    businessRegistrationNumber: `REG-${n}`,
    businessTaxId: `TAX-${n}`,
    addressLine1: `${n} Mission Street, Suite ${n % 900}`,
    city: "San Francisco",
    state: "CA",
    postalCode: "94105",
    country: "US",
    accountType: "US_ACCOUNT",
    accountNumber: String(100_000_000 + n),
    bankName: "Bench National Bank",
    routingNumber: "021000021",
    accountCategory: "CHECKING",
    description: "",
  };
  const line = () => bulkCustomerCsvColumns.map((column) => csvCell(cells[column] ?? "")).join(",");
  const padding = Math.max(0, rowBytes - Buffer.byteLength(line()) - 2);
  cells.description = `Imported by the benchmark for sizing.${" Notes".repeat(Math.ceil(padding / 6))}`.slice(
    0,
    padding,
  );
  return `${line()}\r\n`;
}

async function writeCsv(file: string, rows: number, rowBytes: number): Promise<number> {
  const batchRows = 2_000;
  async function* lines() {
    yield `${bulkCustomerCsvColumns.join(",")}\r\n`;
    for (let start = 1; start <= rows; start += batchRows) {
      let chunk = "";
      for (let n = start; n < Math.min(rows + 1, start + batchRows); n++) chunk += csvRow(n, rowBytes);
      yield chunk;
    }
  }
  await pipeline(Readable.from(lines()), createWriteStream(file));
  return statSync(file).size;
}

/** Streams the file as multipart/form-data (field `file`) through the console's proxy, as the import page does. */
function upload(file: string, cookie: string): Promise<{ status: number; body: string }> {
  const boundary = `----bench${randomBytes(12).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="customers.csv"\r\n` +
      "Content-Type: text/csv\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  const target = new URL(`${CONSOLE_ORIGIN}/api/payments/customers/bulk/csv`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      target,
      {
        method: "POST",
        headers: {
          cookie,
          origin: CONSOLE_ORIGIN,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(length),
        },
        timeout: 15 * 60_000,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("the upload timed out")));
    request.on("error", reject);
    request.write(head);
    const stream = createReadStream(file);
    stream.on("error", reject);
    stream.on("end", () => request.end(tail));
    stream.pipe(request, { end: false });
  });
}

interface JobObject {
  status: string;
  progress: { total: number; processed: number; successful: number; failed: number };
  errors?: { error: { message: string } }[];
}

/**
 * Bulk CSV import: a ~100 MB file of 400,000 valid customers uploaded through the console's proxy as an admin, the
 * job followed through the proxy to its end; meanwhile the resident memory of the console and of the service
 * is sampled from /proc.
 */
export async function runBulkImport(context: BenchContext): Promise<BulkResult> {
  const rows = context.quick ? 20_000 : 400_000;
  const rowBytes = 250;
  const file = path.join(tmpdir(), `bench-customers-${process.pid}.csv`);
  const timeLimitMs = (context.quick ? 10 : 60) * 60_000;
  try {
    const fileBytes = await writeCsv(file, rows, rowBytes);
    context.log(`bulk: wrote ${rows.toLocaleString("en-US")} rows, ${(fileBytes / 1e6).toFixed(1)} MB`);
    let cookie = await signIn("admin");
    const consoleMemory = sampleMemory(context.stack.consolePid);
    const serviceMemory = sampleMemory(context.stack.servicePid);
    const started = performance.now();
    let job: JobObject | undefined;
    let uploadSeconds = Number.NaN;
    let consolePeak: PeakMemory;
    let servicePeak: PeakMemory;
    try {
      const answer = await upload(file, cookie);
      uploadSeconds = (performance.now() - started) / 1000;
      if (answer.status !== 202)
        throw new Error(`upload answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      const { jobId } = JSON.parse(answer.body) as { jobId: string };
      context.log(`bulk: uploaded in ${uploadSeconds.toFixed(1)} s, job ${jobId}`);
      let lastLog = 0;
      while (performance.now() - started < timeLimitMs) {
        await sleep(1_000);
        const response = await fetch(
          `${CONSOLE_ORIGIN}/api/payments/customers/bulk/jobs/${encodeURIComponent(jobId)}`,
          { headers: { cookie }, signal: AbortSignal.timeout(30_000) },
        );
        // The session idles out after 30 minutes without a page load; sign in again if the import outlasts it.
        if (response.status === 401) {
          cookie = await signIn("admin");
          continue;
        }
        job = (await response.json()) as JobObject;
        if (job.status === "COMPLETED" || job.status === "FAILED") break;
        if (performance.now() - lastLog > 30_000) {
          lastLog = performance.now();
          context.log(`bulk: ${job.status} ${job.progress.processed.toLocaleString("en-US")} rows`);
        }
      }
    } finally {
      // Stopped in every case, so no sampler outlives a failed upload.
      consolePeak = consoleMemory.stop();
      servicePeak = serviceMemory.stop();
    }
    const wallSeconds = (performance.now() - started) / 1000;
    if (!job || (job.status !== "COMPLETED" && job.status !== "FAILED")) {
      throw new Error(`the import did not finish within ${timeLimitMs / 60_000} minutes`);
    }
    if (job.status !== "COMPLETED" || job.progress.successful !== rows) {
      context.log(`bulk: ${job.status}, first errors: ${JSON.stringify(job.errors?.slice(0, 3))}`);
    }
    return {
      rows,
      fileBytes,
      uploadSeconds,
      wallSeconds,
      rowsPerSecond: job.progress.successful / wallSeconds,
      status: job.status,
      successful: job.progress.successful,
      failed: job.progress.failed,
      console: consolePeak,
      service: servicePeak,
    };
  } finally {
    rmSync(file, { force: true });
  }
}
