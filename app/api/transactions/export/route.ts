// GET /api/transactions/export — the whole filtered set of transactions as CSV, read from the API page by page
import { writeAudit } from "@/lib/server/audit/log";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { csvDownload } from "@/lib/server/http/csv-download";
import { walkPages } from "@/lib/server/payment-api/read";
import { parseAmountExportQuery } from "@/lib/server/transactions/amount-filtered-list";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { csvFilename } from "@/lib/universal/csv/cells";
import { transactionInRange } from "@/lib/universal/transactions/amount-range";
import { TRANSACTION_CSV_HEADER, transactionCsvLine } from "@/lib/universal/transactions/csv";
import { listTransactionsQuerySchema, type Transaction, transactionListSchema } from "@/shared/contract";

export const dynamic = "force-dynamic";

// The export is the whole set: a page size or a cursor would silently cut it, so they are refused, not ignored.
const exportQuerySchema = listTransactionsQuerySchema.omit({ limit: true, cursor: true });

export const GET = consoleRoute(
  CONSOLE_API["GET /api/transactions/export"],
  async ({ request, audit, requestId }) => {
    // The amount range is the console's (the API has none): its values are checked here and applied to each page.
    const { range, filters } = parseAmountExportQuery(request, exportQuerySchema);
    const keep = (transaction: Transaction) => range === null || transactionInRange(range, transaction);

    const pages = walkPages("/transactions", filters, transactionListSchema);
    // The first page is read before answering, so a refused filter or an unreachable API is an error response,
    // not a broken download.
    const first = await pages.next();
    await writeAudit({
      ...audit,
      action: "transactions.export",
      outcome: "allowed",
      summary: {
        filters: {
          ...Object.fromEntries(filters),
          ...(range
            ? {
                amountCurrency: range.currency,
                ...(range.min !== undefined ? { minAmount: range.min } : {}),
                ...(range.max !== undefined ? { maxAmount: range.max } : {}),
              }
            : {}),
        },
        // With an amount range the count is unknown until the whole list is read; the API counts only its filters.
        ...(range ? {} : { totalCount: first.done ? 0 : first.value.totalCount }),
      },
    });

    return csvDownload<Transaction>({
      header: TRANSACTION_CSV_HEADER,
      first: first.done ? [] : first.value.data.filter(keep),
      rest: (async function* () {
        for await (const page of pages) yield page.data.filter(keep);
      })(),
      line: transactionCsvLine,
      filename: csvFilename("transactions", new Date()),
      what: "transaction export",
      requestId,
    });
  },
);
