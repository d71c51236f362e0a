import "server-only";
import { type Transaction, transactionListSchema } from "../../../shared/contract";
import type { Role } from "../../universal/auth/permissions";
import { csvFilename } from "../../universal/csv/cells";
import { idsToName, transactionCounterparty, transactionCustomer } from "../../universal/names/counterparty";
import type { NamedRecord } from "../../universal/names/labels";
import { seesEveryCategory } from "../../universal/privacy/fields";
import { maskPersonalData } from "../../universal/privacy/mask-transaction";
import { type AmountRange, transactionInRange } from "../../universal/transactions/amount-range";
import { TRANSACTION_CSV_HEADER, transactionCsvLine } from "../../universal/transactions/csv";
import { type AuditEntry, writeAudit } from "../audit/log";
import { csvDownload } from "../http/csv-download";
import { resolveNames } from "../names/resolve";
import { walkPages } from "../payment-api/read";
import { visibleCategories } from "../privacy/visibility";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

type Names = Readonly<Record<string, NamedRecord>>;
/** A transaction with the names of the ids it carries, as one line of the file is written from. */
type NamedTransaction = { transaction: Transaction; names: Names };

/**
 * How many ids' names an export keeps between its pages (a customer paying many times is looked up once); past it
 * the kept names are dropped, so a file of any size holds a bounded number in memory.
 */
const KEPT_NAMES = 5_000;

/**
 * Names the customers and counterparties of a page of transactions as the transactions list does (GET /api/names,
 * lib/server/names/resolve.ts), asking only for the ids earlier pages did not already name.
 */
function pageNamer(): (transactions: readonly Transaction[]) => Promise<NamedTransaction[]> {
  // An id the lookup could not name is kept as null, so it is not asked for again on every page.
  const kept = new Map<string, NamedRecord | null>();
  return async (transactions) => {
    const ids = idsToName(
      transactions.flatMap((row) => [transactionCustomer(row), transactionCounterparty(row)]),
    );
    const missing = ids.filter((id) => !kept.has(id));
    if (missing.length > 0) {
      if (kept.size + missing.length > KEPT_NAMES) kept.clear();
      const found = await resolveNames(missing);
      for (const id of missing) kept.set(id, Object.hasOwn(found, id) ? (found[id] ?? null) : null);
    }
    const names: Record<string, NamedRecord> = {};
    for (const id of ids) {
      const record = kept.get(id);
      if (record) names[id] = record;
    }
    return transactions.map((transaction) => ({ transaction, names }));
  };
}

/**
 * GET /api/transactions/export: the whole filtered set of transactions as a CSV download, read from the API page by
 * page, the console's amount range applied to each page; the export is audited with its filters. Each page is
 * masked for the reader's role as the list is (a counterparty's shared name among it) and its customers and
 * counterparties named as the list names them, a page at a time.
 */
export async function exportTransactions(
  who: Who,
  { range, filters }: { range: AmountRange | null; filters: URLSearchParams },
  role: Role,
): Promise<Response> {
  const visible = await visibleCategories(role);
  const masked = (transactions: Transaction[]) =>
    seesEveryCategory(visible) ? transactions : maskPersonalData(transactions, visible);
  const keep = (transaction: Transaction) => range === null || transactionInRange(range, transaction);
  const named = pageNamer();
  const rows = (transactions: Transaction[]) => named(masked(transactions.filter(keep)));

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

  // The first page is named before answering too, so a names lookup that fails is an error response.
  const firstRows = first.done ? [] : await rows(first.value.data);
  return csvDownload<NamedTransaction>({
    header: TRANSACTION_CSV_HEADER,
    first: firstRows,
    rest: (async function* () {
      for await (const page of pages) yield await rows(page.data);
    })(),
    line: ({ transaction, names }) => transactionCsvLine(transaction, names),
    filename: csvFilename("transactions", new Date()),
    what: "transaction export",
    requestId: who.requestId,
  });
}
