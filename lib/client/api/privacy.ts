import { queryOptions } from "@tanstack/react-query";
import type { Visibility } from "../../universal/privacy/fields";
import { consoleFetch } from "./client";

/** POST /api/privacy/reveal (app/api/privacy/reveal/route.ts): one masked field, the reason audited. */
export function revealCounterpartyField(input: {
  transactionId: string;
  field: string;
  justification: string;
}) {
  return consoleFetch<{ transactionId: string; field: string; value: string }>("/api/privacy/reveal", {
    method: "POST",
    body: input,
  });
}

/** GET /api/privacy/visibility: which roles see which kinds of counterparty data unmasked. */
export const visibilityQuery = () =>
  queryOptions({
    queryKey: ["privacy", "visibility"] as const,
    queryFn: ({ signal }) => consoleFetch<{ visibility: Visibility }>("/api/privacy/visibility", { signal }),
  });

/** PUT /api/privacy/visibility (admins; audited with before and after). */
export function saveVisibility(visibility: Visibility) {
  return consoleFetch<{ visibility: Visibility }>("/api/privacy/visibility", {
    method: "PUT",
    body: { visibility },
  });
}
