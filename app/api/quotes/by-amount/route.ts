// GET /api/quotes/by-amount — a page of quotes whose sending amount is within a range (the API cannot filter by amount)

import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { parseAmountListQuery } from "@/lib/server/transactions/amount-filtered-list";
import { filteredPage } from "@/lib/server/transactions/filtered-pages";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { quoteInRange } from "@/lib/universal/transactions/amount-range";
import { listQuotesQuerySchema, quoteListSchema } from "@/shared/contract";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/quotes/by-amount"], async ({ request }) => {
  const { range, from, limit, filters } = parseAmountListQuery(request, listQuotesQuerySchema);
  const page = await filteredPage({
    path: "/quotes",
    filters,
    schema: quoteListSchema,
    keep: (quote) => quoteInRange(range, quote),
    from,
    limit,
  });
  return Response.json(page, { headers: NO_STORE });
});
