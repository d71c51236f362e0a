import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../universal/api/keys";
import type { Visibility } from "../../universal/privacy/fields";
import { consoleCall } from "./client";

/** POST /api/privacy/reveal (app/api/privacy/reveal/route.ts): one masked field, the reason audited. */
export function revealCounterpartyField(input: {
  transactionId: string;
  field: string;
  justification: string;
}) {
  return consoleCall("POST /api/privacy/reveal", { body: input });
}

/** GET /api/privacy/visibility: which roles see which kinds of counterparty data unmasked. */
export const visibilityQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.privacy, "visibility"] as const,
    queryFn: ({ signal }) => consoleCall("GET /api/privacy/visibility", { signal }),
  });

/** PUT /api/privacy/visibility (admins; audited with before and after). */
export function saveVisibility(visibility: Visibility) {
  return consoleCall("PUT /api/privacy/visibility", { body: { visibility } });
}
