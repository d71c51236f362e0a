import { ArrowLeft } from "lucide-react";
import type * as React from "react";
import { Button } from "./button";
import { errorDetails, isNotFoundError } from "./error-details";
import { Link } from "./link";
import { type QueryStateSource, queryStatePhase } from "./query-state-phase";
import { ErrorState, type ErrorStateProps, LoadingState } from "./states";

/**
 * How a record that does not exist is said (the answer is a 404, or its code ends in _NOT_FOUND): in the console's
 * own words, naming the id once (the API's message may name the record's kind before an id that already carries it:
 * "Transaction Transaction:…"), and with the way back to its list rather than Retry, which would change nothing.
 */
type NotFound = {
  title: string;
  message: string;
  /** The list the record would be in. */
  back?: { href: string; label: string };
};

type QueryStateError<TError> = Omit<
  ErrorStateProps,
  "error" | "onRetry" | "retrying" | "title" | "action"
> & {
  /** What failed; a function chooses by the error. */
  title?: string | ((error: TError) => string);
  /** Offer Retry (the default), except for a record that does not exist: asking again would not change that. */
  retry?: boolean;
  /** What is said when the record asked for does not exist; the other failures keep `title` and the API's message. */
  notFound?: NotFound;
};

type QueryStateProps<TData, TError> = {
  query: QueryStateSource<TData, TError>;
  /** While the first answer loads; a skeleton in the shape of the content. */
  loading?: React.ReactNode;
  /** How the failure is said: ErrorState's options, or a view of its own (given the error and a retry). */
  error?: QueryStateError<TError> | ((error: TError, retry: () => void) => React.ReactNode);
  /** Whether the answer has nothing to show; `empty` is shown then. */
  isEmpty?: (data: TData) => boolean;
  empty?: React.ReactNode;
  /** Around the loading and error views only (a page header, a panel); the content brings its own. */
  frame?: (view: React.ReactNode) => React.ReactNode;
  /** Show the data kept from before when a refresh fails; the content says the failure (StaleDataNotice). */
  keepDataOnError?: boolean;
  children: (data: TData) => React.ReactNode;
};

/**
 * The one view of a query's loading, error (with Retry), empty and content states
 * (docs/decisions/0040-ui-primitives-and-lazy-loading.md). A mutation's busy state is not a query state: buttons
 * keep their own.
 */
export function QueryState<TData, TError = unknown>({
  query,
  loading = <LoadingState />,
  error,
  isEmpty,
  empty = null,
  frame = (view) => view,
  keepDataOnError = false,
  children,
}: QueryStateProps<TData, TError>) {
  const phase = queryStatePhase(query, isEmpty, keepDataOnError);
  if (phase === "loading") return frame(loading);
  if (phase === "error") {
    const retry = () => void query.refetch();
    // In the error phase the query holds its error.
    const failure = query.error as TError;
    if (typeof error === "function") {
      // A view that says nothing (its failure is said elsewhere) takes no frame either.
      const view = error(failure, retry);
      return view === null || view === undefined ? null : frame(view);
    }
    const { title, retry: retryAsked = true, notFound, ...rest } = error ?? {};
    const missing = isNotFoundError(failure);
    const offerRetry = retryAsked && !missing;
    if (missing && notFound) {
      const { code, status } = errorDetails(failure);
      return frame(
        <ErrorState
          {...rest}
          title={notFound.title}
          error={{ message: notFound.message, code, status }}
          action={
            notFound.back ? (
              <Button asChild variant="outline" size="sm">
                <Link href={notFound.back.href}>
                  <ArrowLeft aria-hidden="true" />
                  {notFound.back.label}
                </Link>
              </Button>
            ) : null
          }
        />,
      );
    }
    return frame(
      <ErrorState
        {...rest}
        title={typeof title === "function" ? title(failure) : title}
        error={query.error}
        onRetry={offerRetry ? retry : undefined}
        retrying={offerRetry ? query.isFetching : undefined}
      />,
    );
  }
  // The phase is "empty" or "content" only with data.
  const data = query.data as TData;
  return phase === "empty" ? empty : children(data);
}
