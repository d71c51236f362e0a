// GET /api/customers/matching?q=…&customerType=…&cursor=… — the customer list narrowed by words of a name or email

import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { parseQuery } from "@/lib/server/http/query";
import { matchingCustomers, matchingCustomersQuerySchema } from "@/lib/server/names/customers-matching";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/customers/matching"], async ({ request }) => {
  const query = parseQuery(matchingCustomersQuerySchema, request);
  return Response.json(await matchingCustomers(query), { headers: NO_STORE });
});
