import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { fieldErrors } from "@/lib/universal/api/error-details";
import { ApiError } from "../../../shared/api-error";

/**
 * Puts a refused request's field errors on the form's inputs (through `pathFor`, which maps an API path to a form
 * path or says it has none) and everything else in the form's root error; focuses the first input it marked.
 */
export function landServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  pathFor: (apiPath: string) => string | undefined,
  fallback: string,
): void {
  if (!(error instanceof ApiError)) {
    setError("root.server", { message: fallback });
    return;
  }
  const unplaced: string[] = [];
  let focused = false;
  for (const [apiPath, message] of Object.entries(fieldErrors(error))) {
    const path = pathFor(apiPath);
    if (path === undefined) {
      unplaced.push(`${apiPath}: ${message}`);
      continue;
    }
    setError(path as Path<T>, { type: "server", message }, { shouldFocus: !focused });
    focused = true;
  }
  const summary =
    focused && unplaced.length === 0 ? `${error.message} See the marked fields.` : error.message;
  setError("root.server", {
    message: [summary, ...unplaced].join(" "),
    type: error.code,
  });
}
