import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../universal/api/keys";
import { alertsBadge } from "../../universal/screening/alerts-badge";
import { consoleCall } from "./client";

/**
 * The navigation's mark beside Screening, for the roles that read screening. Under the alerts' key, so whatever
 * refreshes the alerts (a re-screening's end, an incoming payment) refreshes it; the interval covers alerts no page
 * announced (a customer the console's sweep screened).
 */
export const alertsBadgeQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.screening, "alerts", "badge"] as const,
    queryFn: async ({ signal }) =>
      alertsBadge(await consoleCall("GET /api/screening/alerts/summary", { signal })),
    refetchInterval: 30_000,
  });
