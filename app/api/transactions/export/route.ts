// GET /api/transactions/export — the whole filtered set of transactions as CSV, read from the API page by page
import { writeAudit } from "@/lib/audit/log";
import { csvFilename } from "@/lib/csv/cells";
import { consoleRoute } from "@/lib/http/console-route";
import { csvDownload } from "@/lib/http/csv-download";
import { parseQuery } from "@/lib/http/query";
import { walkPages } from "@/lib/payment-api/read";
import { TRANSACTION_CSV_HEADER, transactionCsvLine } from "@/lib/transactions/csv";
import { listTransactionsQuerySchema, type Transaction, transactionListSchema } from "@/shared/contract";

export const dynamic = "force-dynamic";

// The export is the whole set: a page size or a cursor would silently cut it, so they are refused, not ignored.
const exportQuerySchema = listTransactionsQuerySchema.omit({ limit: true, cursor: true });

export const GET = consoleRoute(
  { permission: "read", action: "transactions.export" },
  async ({ request, audit, requestId }) => {
    const filters = new URLSearchParams();
    for (const [key, value] of Object.entries(parseQuery(exportQuerySchema, request))) {
      if (value !== undefined) filters.set(key, String(value));
    }

    const pages = walkPages("/transactions", filters, transactionListSchema);
    // The first page is read before answering, so a refused filter or an unreachable API is an error response,
    // not a broken download.
    const first = await pages.next();
    await writeAudit({
      ...audit,
      action: "transactions.export",
      outcome: "allowed",
      summary: { filters: Object.fromEntries(filters), totalCount: first.done ? 0 : first.value.totalCount },
    });

    return csvDownload<Transaction>({
      header: TRANSACTION_CSV_HEADER,
      first: first.done ? [] : first.value.data,
      rest: (async function* () {
        for await (const page of pages) yield page.data;
      })(),
      line: transactionCsvLine,
      filename: csvFilename("transactions", new Date()),
      what: "transaction export",
      requestId,
    });
  },
);
