// GET /api/quotes/by-amount — a page of quotes whose sending amount is within a range (the API cannot filter by amount)

import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { parseAmountListQuery } from "@/lib/transactions/amount-filtered-list";
import { quoteInRange } from "@/lib/transactions/amount-range";
import { filteredPage } from "@/lib/transactions/filtered-pages";
import { listQuotesQuerySchema, quoteListSchema } from "@/shared/contract";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "read", action: "quotes.read" }, async ({ request }) => {
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
