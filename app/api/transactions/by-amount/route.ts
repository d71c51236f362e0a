// GET /api/transactions/by-amount — a page of transactions within an amount range (the API cannot filter by amount)

import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { maskedFor } from "@/lib/privacy/visibility";
import { parseAmountListQuery } from "@/lib/transactions/amount-filtered-list";
import { transactionInRange } from "@/lib/transactions/amount-range";
import { filteredPage } from "@/lib/transactions/filtered-pages";
import { listTransactionsQuerySchema, transactionListSchema } from "@/shared/contract";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(
  { permission: "read", action: "transactions.read" },
  async ({ request, user }) => {
    const { range, from, limit, filters } = parseAmountListQuery(request, listTransactionsQuerySchema);
    const page = await filteredPage({
      path: "/transactions",
      filters,
      schema: transactionListSchema,
      keep: (transaction) => transactionInRange(range, transaction),
      from,
      limit,
    });
    return Response.json(await maskedFor(user.role, page), { headers: NO_STORE });
  },
);
