import "server-only";
import { type Transaction, transactionListSchema } from "../../../shared/contract";
import { csvFilename } from "../../universal/csv/cells";
import { type AmountRange, transactionInRange } from "../../universal/transactions/amount-range";
import { TRANSACTION_CSV_HEADER, transactionCsvLine } from "../../universal/transactions/csv";
import { type AuditEntry, writeAudit } from "../audit/log";
import { csvDownload } from "../http/csv-download";
import { walkPages } from "../payment-api/read";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/**
 * GET /api/transactions/export: the whole filtered set of transactions as a CSV download, read from the API page by
 * page, the console's amount range applied to each page; the export is audited with its filters.
 */
export async function exportTransactions(
  who: Who,
  { range, filters }: { range: AmountRange | null; filters: URLSearchParams },
): Promise<Response> {
  const keep = (transaction: Transaction) => range === null || transactionInRange(range, transaction);

  const pages = walkPages("/transactions", filters, transactionListSchema);
  // The first page is read before answering, so a refused filter or an unreachable API is an error response,
  // not a broken download.
  const first = await pages.next();
  await writeAudit({
    ...who,
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
    requestId: who.requestId,
  });
}
