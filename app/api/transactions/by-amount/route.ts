// GET /api/transactions/by-amount — a page of transactions within an amount range (the API cannot filter by amount)

import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { maskedFor } from "@/lib/server/privacy/visibility";
import { parseAmountListQuery } from "@/lib/server/transactions/amount-filtered-list";
import { filteredPage } from "@/lib/server/transactions/filtered-pages";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { transactionInRange } from "@/lib/universal/transactions/amount-range";
import { listTransactionsQuerySchema, transactionListSchema } from "@/shared/contract";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/transactions/by-amount"], async ({ request, user }) => {
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
});
