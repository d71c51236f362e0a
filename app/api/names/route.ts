// GET /api/names?ids=Customer:…,ExternalAccount:… — the names of customers and accounts, for the lists' columns

import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { singleValuedQuery } from "@/lib/server/http/query";
import { parseIds, resolveNames } from "@/lib/server/names/resolve";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/names"], async ({ request }) => {
  const query = singleValuedQuery(new URL(request.url).searchParams);
  const unknown = Object.keys(query).filter((key) => key !== "ids");
  if (unknown.length > 0) {
    throw new ApiError(400, "INVALID_INPUT", `Unknown parameter: ${unknown[0]?.slice(0, 60)}.`);
  }
  const names = await resolveNames(parseIds(query.ids ?? null));
  return Response.json({ names }, { headers: NO_STORE });
});
