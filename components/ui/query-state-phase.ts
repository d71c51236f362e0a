/** The part of a TanStack query result the view reads; `useQuery(...)`'s result fits as it is. */
export type QueryStateSource<TData, TError = unknown> = {
  isPending: boolean;
  isError: boolean;
  error: TError | null;
  data: TData | undefined;
  isFetching: boolean;
  refetch: () => unknown;
};

type QueryStatePhase = "loading" | "error" | "empty" | "content";

/**
 * Which of the four states a query is in (components/ui/query-state.tsx). An error wins over data kept from before
 * (the page says the failure), unless `keepDataOnError`: then the data stays and the content says the failure above
 * it (StaleDataNotice).
 */
export function queryStatePhase<TData>(
  query: Pick<QueryStateSource<TData, unknown>, "isPending" | "isError" | "data">,
  isEmpty?: (data: TData) => boolean,
  keepDataOnError = false,
): QueryStatePhase {
  if (query.isPending) return "loading";
  if (query.isError && !(keepDataOnError && query.data !== undefined)) return "error";
  if (query.data === undefined) return "loading";
  if (isEmpty?.(query.data)) return "empty";
  return "content";
}
