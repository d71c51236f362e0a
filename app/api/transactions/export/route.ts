// GET /api/transactions/export — the whole filtered set of transactions as CSV, read from the API page by page
import { consoleRoute } from "@/lib/server/guard/console-route";
import { parseAmountExportQuery } from "@/lib/server/transactions/amount-filtered-list";
import { exportTransactions } from "@/lib/server/transactions/export-transactions";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { listTransactionsQuerySchema } from "@/shared/contract";

export const dynamic = "force-dynamic";

// The export is the whole set: a page size or a cursor would silently cut it, so they are refused, not ignored.
const exportQuerySchema = listTransactionsQuerySchema.omit({ limit: true, cursor: true });

export const GET = consoleRoute(
  CONSOLE_API["GET /api/transactions/export"],
  async ({ request, audit, user }) => {
    // The amount range is the console's (the API has none): its values are checked here and applied to each page.
    const query = parseAmountExportQuery(request, exportQuerySchema);
    return exportTransactions(audit, query, user.role);
  },
);
