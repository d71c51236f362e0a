import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BULK_CSV_MAX_BYTES,
  bulkCustomerCsvColumns,
  bulkCustomerImportJobSchema,
} from "../../shared/contract";
import { bulkJobs } from "../db/schema";
import { waitForIdleQueue } from "../test-support/job-queue";
import { startTestService, type TestService } from "../test-support/service";
import { startWebhookReceiver, type WebhookReceiver } from "../test-support/webhook-receiver";

/** A parsed JSON body, as loosely typed as Response#json gives it. */
type Json = Awaited<ReturnType<Response["json"]>>;

const wrongCredential = `Basic ${Buffer.from("test_token:wrong").toString("base64")}`;

let service: TestService;
let receiver: WebhookReceiver;

beforeAll(async () => {
  service = await startTestService();
  receiver = await startWebhookReceiver();
  // BRL adds TAX_ID to the required fields, which only the domain rules (not the CSV columns) enforce, and only
  // for customers who are to transact in BRL (a PIX account).
  const patched = await service.api("/config", {
    method: "PATCH",
    json: {
      webhookEndpoint: receiver.url,
      supportedCurrencies: [
        { currencyCode: "USD", minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [] },
        { currencyCode: "BRL", minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [] },
      ],
    },
  });
  expect(patched.status).toBe(200);
  tempFilesAtStart = tempFiles();
});
afterAll(async () => {
  await service.close();
  await receiver.close();
});

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function toCsv(rows: Record<string, string>[], columns: readonly string[] = bulkCustomerCsvColumns): string {
  return [columns.join(","), ...rows.map((row) => columns.map((c) => csvCell(row[c] ?? "")).join(","))].join(
    "\r\n",
  );
}

const individualRow = (overrides: Record<string, string> = {}) => ({
  platformCustomerId: "bulk-ind-1",
  customerType: "INDIVIDUAL",
  fullName: "Grace Hopper",
  birthDate: "1906-12-09",
  email: "grace@example.com",
  addressLine1: "1 Main St, Apt 2",
  city: "Arlington",
  state: "VA",
  postalCode: "22201",
  country: "US",
  accountType: "US_ACCOUNT",
  accountNumber: "123456789",
  routingNumber: "021000021",
  accountCategory: "CHECKING",
  bankName: "Navy Federal",
  ...overrides,
});

const businessRow = (overrides: Record<string, string> = {}) => ({
  platformCustomerId: "bulk-biz-1",
  customerType: "BUSINESS",
  businessLegalName: "Tortillería Doña Ana",
  businessTaxId: "TDA-123",
  addressLine1: "Av. Reforma 1",
  city: "Ciudad de México",
  state: "CDMX",
  postalCode: "06600",
  country: "MX",
  accountType: "CLABE",
  accountNumber: "n/a",
  clabeNumber: "032180000118359719",
  bankName: "BBVA México",
  ...overrides,
});

function upload(content: string | Blob, init: { field?: string; authorization?: string } = {}) {
  const form = new FormData();
  form.append(
    init.field ?? "file",
    typeof content === "string" ? new Blob([content], { type: "text/csv" }) : content,
    "customers.csv",
  );
  return service.api("/customers/bulk/csv", {
    method: "POST",
    body: form,
    ...(init.authorization ? { headers: { authorization: init.authorization } } : {}),
  });
}

async function startJob(content: string): Promise<string> {
  const response = await upload(content);
  expect(response.status).toBe(202);
  const body = await response.json();
  expect(body).toEqual({ jobId: expect.stringMatching(/^Job:/), status: "PENDING" });
  return body.jobId;
}

async function waitForJob(jobId: string, onPoll?: (job: Json) => void): Promise<Json> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const response = await service.api(`/customers/bulk/jobs/${jobId}`);
    expect(response.status).toBe(200);
    const job = await response.json();
    onPoll?.(job);
    if (job.status === "COMPLETED" || job.status === "FAILED") return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** Every customer, deleted ones included, counted page by page: totalCount stops at 10,000 matches. */
async function countCustomers(): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({
      isIncludingDeleted: "true",
      limit: "100",
      ...(cursor ? { cursor } : {}),
    });
    const page = await (await service.api(`/customers?${query}`)).json();
    count += page.data.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}

async function countBulkJobs(): Promise<number> {
  const [row] = await service.context.db.select({ jobs: count() }).from(bulkJobs);
  return row?.jobs ?? 0;
}

const tempFiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith("bulk-customers-")).length;
let tempFilesAtStart = 0;

/** The job deletes its file just after it commits its end, so allow it a moment. */
async function expectNoNewTempFiles() {
  const deadline = Date.now() + 5_000;
  while (tempFiles() > tempFilesAtStart && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(tempFiles()).toBeLessThanOrEqual(tempFilesAtStart);
}

describe("POST /customers/bulk/csv", () => {
  it("imports the good rows, reports each bad row, and sends BULK_UPLOAD at the end", async () => {
    const rows = [
      individualRow(),
      businessRow(),
      individualRow({ platformCustomerId: "bulk-bad-date", birthDate: "1990-02-30" }),
      individualRow({ platformCustomerId: "" }),
      individualRow({
        platformCustomerId: "bulk-bad-iban",
        accountType: "IBAN",
        iban: "DE89370400440532013001",
        swiftBic: "COBADEFF",
        routingNumber: "",
        accountCategory: "",
        accountNumber: "x",
      }),
      individualRow({
        platformCustomerId: "bulk-ind-2",
        fullName: "Ada O'Hara-Núñez",
        accountType: "IBAN",
        iban: "DE89 3704 0044 0532 0130 00",
        swiftBic: "COBADEFFXXX",
        routingNumber: "",
        accountCategory: "",
        accountNumber: "x",
      }),
      // A PIX account is in BRL, whose provider requires TAX_ID (spec rule 1: fields apply per currency).
      businessRow({
        platformCustomerId: "bulk-biz-no-tax",
        businessTaxId: "",
        accountType: "PIX",
        clabeNumber: "",
        pixKey: "ana@example.com",
        pixKeyType: "EMAIL",
      }),
      individualRow({ platformCustomerId: "bulk-ind-1" }),
    ];
    const lines = toCsv(rows).split("\r\n");
    lines.splice(8, 0, "bulk-short-row,INDIVIDUAL,Too Short");
    lines.push(",,,,", "bulk-nul\u0000,INDIVIDUAL", "");
    const csv = `\uFEFF${lines.join("\r\n")}`;

    const before = await countCustomers();
    const jobId = await startJob(csv);
    const job = await waitForJob(jobId);
    expect(bulkCustomerImportJobSchema.parse(job)).toBeTruthy();
    expect(job).toMatchObject({
      jobId,
      status: "COMPLETED",
      progress: { total: 10, processed: 10, successful: 4, failed: 6 },
      completedAt: expect.any(String),
    });
    expect(job.errors.map((e: Json) => [e.correlationId, e.error.code])).toEqual([
      ["bulk-bad-date", "validation_error"],
      ["row_4", "validation_error"],
      ["bulk-bad-iban", "validation_error"],
      ["bulk-biz-no-tax", "validation_error"],
      ["bulk-short-row", "validation_error"],
      ["row_10", "validation_error"],
    ]);
    const [badDate, noId, badIban, noTax, shortRow, nul] = job.errors;
    expect(nul.error.message).toBe("platformCustomerId: contains a NUL character");
    expect(badDate).toMatchObject({
      platformCustomerId: "bulk-bad-date",
      error: { message: expect.stringContaining("birthDate"), details: { fields: [{ path: "birthDate" }] } },
    });
    expect(noId).not.toHaveProperty("platformCustomerId");
    expect(noId.error.details.fields.map((f: Json) => f.path)).toContain("platformCustomerId");
    expect(badIban.error.details.fields.map((f: Json) => f.path)).toContain("iban");
    expect(noTax.error.details).toMatchObject({
      reason: "MISSING_MANDATORY_USER_INFO",
      missingFields: ["TAX_ID"],
      fields: [{ path: "businessInfo.taxId" }],
    });
    expect(shortRow.error.message).toContain("the header has 29");

    expect(await countCustomers()).toBe(before + 4);
    const imported = await (await service.api("/customers?platformCustomerId=bulk-ind-1")).json();
    expect(imported.totalCount).toBe(2);
    expect(imported.data[0]).toMatchObject({
      customerType: "INDIVIDUAL",
      kycStatus: "APPROVED",
      fullName: "Grace Hopper",
      address: { line1: "1 Main St, Apt 2", state: "VA", country: "US" },
      umaAddress: expect.stringMatching(/^\$bulk-ind-1-[0-9a-f]+@uma\.localhost$/),
    });
    const customerId = imported.data[0].id;
    const internal = await (
      await service.api(`/customers/internal-accounts?customerId=${customerId}`)
    ).json();
    expect(internal.data.map((a: Json) => a.balance.currency.code).sort()).toEqual(["BRL", "USD"]);
    const external = await (
      await service.api(`/customers/external-accounts?customerId=${customerId}`)
    ).json();
    expect(external.data).toMatchObject([
      { currency: "USD", accountInfo: { accountType: "US_ACCOUNT", accountNumber: "123456789" } },
    ]);
    const biz = await (await service.api("/customers/bulk-biz-1")).json();
    expect(biz.businessInfo).toEqual({ legalName: "Tortillería Doña Ana", taxId: "TDA-123" });

    const webhook = await receiver.waitFor((w) => w.body.type === "BULK_UPLOAD");
    expect(webhook.body.bulkCustomerImportJob).toEqual(job);
  });

  it("shows progress while a larger file runs, and finishes it in batches", async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) =>
      individualRow({ platformCustomerId: `bulk-many-${i}`, accountNumber: String(100_000 + i) }),
    );
    const before = await countCustomers();
    const jobId = await startJob(toCsv(rows));
    const seen = new Set<string>();
    const job = await waitForJob(jobId, (polled) =>
      seen.add(`${polled.status}:${polled.progress.processed}`),
    );
    expect(job.progress).toEqual({ total: 5_000, processed: 5_000, successful: 5_000, failed: 0 });
    expect(job.errors).toEqual([]);
    const midway = [...seen].filter((entry) => {
      const [status, processed] = entry.split(":");
      return status === "PROCESSING" && Number(processed) > 0 && Number(processed) < 5_000;
    });
    expect(midway.length).toBeGreaterThan(0);
    expect(await countCustomers()).toBe(before + 5_000);
  });

  it("fails a job whose file is not readable CSV, importing nothing", async () => {
    const before = await countCustomers();
    const csv = `${toCsv([individualRow({ platformCustomerId: "bulk-never" })])}\r\nbulk-x,"unclosed quote`;
    const job = await waitForJob(await startJob(csv));
    expect(job).toMatchObject({
      status: "FAILED",
      progress: { total: 0, processed: 0, successful: 0, failed: 0 },
      errors: [
        { correlationId: "file", error: { code: "invalid_file", message: expect.stringContaining("CSV") } },
      ],
      completedAt: expect.any(String),
    });
    expect(await countCustomers()).toBe(before);
    const webhook = await receiver.waitFor(
      (w) => w.body.type === "BULK_UPLOAD" && (w.body.bulkCustomerImportJob as Json).status === "FAILED",
    );
    expect((webhook.body.bulkCustomerImportJob as Json).jobId).toBe(job.jobId);
  });

  it("completes a file with a header and no rows", async () => {
    const job = await waitForJob(await startJob(toCsv([])));
    expect(job).toMatchObject({ status: "COMPLETED", progress: { total: 0, processed: 0 } });
  });

  it("leaves no temporary file behind", async () => {
    await expectNoNewTempFiles();
  });

  const refusals: [string, () => Promise<Response>, number, string][] = [
    [
      "a JSON body",
      () => service.api("/customers/bulk/csv", { method: "POST", json: { file: "a,b" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "a text body",
      () =>
        service.api("/customers/bulk/csv", {
          method: "POST",
          headers: { "content-type": "text/csv" },
          body: "a,b",
        }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "a form without a file",
      () => {
        const form = new FormData();
        form.append("note", "no file here");
        return service.api("/customers/bulk/csv", { method: "POST", body: form });
      },
      400,
      "INVALID_INPUT",
    ],
    [
      "the file in another field",
      () => upload(toCsv([individualRow()]), { field: "upload" }),
      400,
      "INVALID_INPUT",
    ],
    ["an empty file", () => upload(""), 400, "INVALID_INPUT"],
    [
      // As Excel's Windows "CSV" saves "Málaga": á is the one byte 0xE1, not UTF-8.
      "a file that is not UTF-8",
      () => {
        const csv = toCsv([individualRow()]);
        const bytes = Buffer.concat([
          Buffer.from(csv.replace(/\r\n$/, ""), "utf8"),
          Buffer.from("M\xe1laga\r\n", "latin1"),
        ]);
        return upload(new Blob([bytes], { type: "text/csv" }));
      },
      400,
      "INVALID_INPUT",
    ],
    [
      "a wrong credential",
      () => upload(toCsv([individualRow()]), { authorization: wrongCredential }),
      401,
      "UNAUTHORIZED",
    ],
  ];

  for (const [label, send, status, code] of refusals) {
    it(`refuses ${label} with ${status} ${code}, starting nothing`, async () => {
      const before = { customers: await countCustomers(), jobs: await countBulkJobs() };
      const response = await send();
      expect(response.status).toBe(status);
      expect((await response.json()).code).toBe(code);
      // No job was recorded, and whatever the queue held has run to its end: nothing can import later.
      await waitForIdleQueue(service.context.db.pool);
      expect(await countBulkJobs()).toBe(before.jobs);
      expect(await countCustomers()).toBe(before.customers);
      await expectNoNewTempFiles();
    });
  }

  it(`refuses a file over the ${BULK_CSV_MAX_BYTES}-byte limit with 413, streaming it rather than buffering`, async () => {
    const boundary = "----bulk-limit-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, "a,b\n");
    let remaining = BULK_CSV_MAX_BYTES + 1;
    let started = false;
    let ended = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(head);
        } else if (remaining > 0) {
          const size = Math.min(remaining, chunk.length);
          remaining -= size;
          controller.enqueue(chunk.subarray(0, size));
        } else if (!ended) {
          ended = true;
          controller.enqueue(tail);
          controller.close();
        }
      },
    });
    const before = await countCustomers();
    const response = await service.api("/customers/bulk/csv", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
    expect(await countCustomers()).toBe(before);
    await expectNoNewTempFiles();
  }, 60_000);
});

describe("GET /customers/bulk/jobs/{jobId}", () => {
  it("answers 404 BULK_UPLOAD_JOB_NOT_FOUND for an unknown job", async () => {
    const response = await service.api("/customers/bulk/jobs/Job:00000000-0000-0000-0000-000000000000");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, code: "BULK_UPLOAD_JOB_NOT_FOUND" });
  });

  it("refuses a wrong credential with 401", async () => {
    const jobId = await startJob(toCsv([individualRow({ platformCustomerId: "bulk-auth" })]));
    const response = await service.api(`/customers/bulk/jobs/${jobId}`, {
      headers: { authorization: wrongCredential },
    });
    expect(response.status).toBe(401);
    await waitForJob(jobId);
  });
});

describe("unregulated platform", () => {
  it("refuses a bulk import with 403 FORBIDDEN: its customers are onboarded through KYC", async () => {
    const unregulated = await startTestService({ regulated: false });
    try {
      const form = new FormData();
      form.append("file", new Blob([toCsv([individualRow()])], { type: "text/csv" }), "customers.csv");
      const response = await unregulated.api("/customers/bulk/csv", { method: "POST", body: form });
      expect(response.status).toBe(403);
      expect((await response.json()).code).toBe("FORBIDDEN");
      expect((await (await unregulated.api("/customers?isIncludingDeleted=true")).json()).totalCount).toBe(0);
    } finally {
      await unregulated.close();
    }
  });
});
