// GET /api/customers/search?q=…&limit=… — customers by name, email, UMA address or id, for the pickers

import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { singleValuedQuery } from "@/lib/server/http/query";
import { MAX_RESULTS, parseSearchText, searchCustomers } from "@/lib/server/names/customer-search";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/customers/search"], async ({ request }) => {
  const query = singleValuedQuery(new URL(request.url).searchParams);
  const unknown = Object.keys(query).filter((key) => key !== "q" && key !== "limit");
  if (unknown.length > 0) {
    throw new ApiError(400, "INVALID_INPUT", `Unknown parameter: ${unknown[0]?.slice(0, 60)}.`);
  }
  const limit = query.limit === undefined ? 10 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RESULTS) {
    throw new ApiError(400, "INVALID_INPUT", `limit must be a whole number from 1 to ${MAX_RESULTS}.`, {
      fields: [{ path: "limit", message: `A whole number from 1 to ${MAX_RESULTS}.` }],
    });
  }
  const result = await searchCustomers(parseSearchText(query.q ?? null), limit);
  return Response.json(result, { headers: NO_STORE });
});
