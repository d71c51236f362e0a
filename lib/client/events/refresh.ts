import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import { isNotFoundError } from "@/components/ui/error-details";

/**
 * A query whose last answer said its record does not exist (a payment or customer page opened with an unknown id).
 * No refresh asks for it again: the answer would be the same, one more 404 each time the stream catches up, and the
 * page already says so, with the way back to its list. A reload or a new visit asks again.
 */
const saidMissing = (query: Query) => query.state.status === "error" && isNotFoundError(query.state.error);

/**
 * Marks the queries under `queryKey` stale and brings each one that is shown up to date with what the server holds
 * now. A query whose fetch is already under way keeps it (cancelling a page's first load would only delay it), but
 * that fetch may have been answered before the change being announced, and when it lands it would count as fresh:
 * so such a query is fetched once more after it. `cancelRefetch` cancels a fetch under way instead, where the query
 * already shows data (react-query never cancels a first load).
 */
export async function refreshQueries(
  queryClient: QueryClient,
  queryKey: QueryKey,
  options: { cancelRefetch: boolean },
): Promise<void> {
  // The fetches under way that will be kept: all of them, or with `cancelRefetch` those of queries with no data yet.
  const kept = queryClient
    .getQueryCache()
    .findAll({ queryKey, fetchStatus: "fetching" })
    .filter((query) => !(options.cancelRefetch && query.state.data !== undefined));
  await queryClient.invalidateQueries(
    { queryKey, predicate: (query) => !saidMissing(query) },
    { cancelRefetch: options.cancelRefetch },
  );
  // Each kept fetch has now landed (invalidateQueries waited for it); one that begins after this moment follows.
  // Not after a fetch that failed: it holds nothing the change could have outdated, and the page says what failed
  // (with its own Try again) instead of waiting out a second request, as long again where the API did not answer.
  await Promise.all(
    kept
      .filter((query) => query.state.status !== "error")
      .map((query) =>
        queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false }),
      ),
  );
}
