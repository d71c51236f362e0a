// GET /api/transactions/export — the whole filtered set of transactions as CSV, read from the API page by page
import { writeAudit } from "@/lib/audit/log";
import { listTransactionsQuerySchema, transactionListSchema, zodIssuesToFieldErrors } from "@/lib/contract";
import { consoleRoute } from "@/lib/http/console-route";
import { ConsoleError } from "@/lib/http/errors";
import { walkPages } from "@/lib/transactions/api-pages";
import { TRANSACTION_CSV_HEADER, transactionCsvFilename, transactionCsvLine } from "@/lib/transactions/csv";

export const dynamic = "force-dynamic";

// The export is the whole set: a page size or a cursor would silently cut it, so they are refused, not ignored.
const exportQuerySchema = listTransactionsQuerySchema.omit({ limit: true, cursor: true });

// Spreadsheet programs read a file without it as their local code page and garble names like "María".
const UTF8_BOM = "\uFEFF";

export const GET = consoleRoute(
  { permission: "read", action: "transactions.export" },
  async ({ request, user, requestId }) => {
    const search = new URL(request.url).searchParams;
    const raw: Record<string, string> = {};
    for (const key of new Set(search.keys())) {
      const values = search.getAll(key);
      if (values.length > 1) {
        throw new ConsoleError(400, "INVALID_INPUT", `The filter ${key} is given more than once.`);
      }
      raw[key] = values[0] ?? "";
    }
    const parsed = exportQuerySchema.safeParse(raw);
    if (!parsed.success) {
      throw new ConsoleError(
        400,
        "INVALID_INPUT",
        "The filters are not valid.",
        zodIssuesToFieldErrors(parsed.error),
      );
    }
    const filters = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed.data)) {
      if (value !== undefined) filters.set(key, String(value));
    }

    const pages = walkPages("/transactions", filters, transactionListSchema);
    // The first page is read before answering, so a refused filter or an unreachable API is an error response,
    // not a broken download.
    const first = await pages.next();
    await writeAudit({
      actor: user,
      action: "transactions.export",
      outcome: "allowed",
      requestId,
      summary: { filters: Object.fromEntries(filters), totalCount: first.done ? 0 : first.value.totalCount },
    });

    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        let text = UTF8_BOM + TRANSACTION_CSV_HEADER;
        if (!first.done) for (const transaction of first.value.data) text += transactionCsvLine(transaction);
        controller.enqueue(encoder.encode(text));
      },
      async pull(controller) {
        try {
          const next = await pages.next();
          if (next.done) {
            controller.close();
            return;
          }
          controller.enqueue(encoder.encode(next.value.data.map(transactionCsvLine).join("")));
        } catch (error) {
          // Headers are already sent: ending the stream in error makes the download fail visibly instead of
          // leaving a file that looks complete.
          console.error(
            `[console] transaction export failed mid-stream (request ${requestId}):`,
            error instanceof Error ? error.message : error,
          );
          controller.error(error);
        }
      },
      async cancel() {
        await pages.return(undefined);
      },
    });

    return new Response(stream, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${transactionCsvFilename(new Date())}"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
