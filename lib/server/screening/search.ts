import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import type { screeningSearchBodySchema } from "../../universal/console-api/bodies";
import type { ScreeningSearchResult } from "../../universal/screening/records";
import { SEARCH_HIT_LIMIT } from "../../universal/screening/search-summary";
import { type AuditEntry, auditedAction } from "../audit/log";
import { countryCode } from "./lists/common";
import { listsInUse } from "./lists-in-use";
import { screen } from "./matcher";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/**
 * POST /api/screening/search: the lists in use, searched for one name; the result is not stored, but the search is
 * audited (who looked up whom, and what it found), as every screening is.
 */
export async function searchLists(
  query: z.output<typeof screeningSearchBodySchema>,
  who: Who,
): Promise<ScreeningSearchResult> {
  // A nationality the lists' country names cannot place would be compared as nothing: said, not ignored.
  if (query.nationality !== undefined && countryCode(query.nationality) === null) {
    const message =
      "Not a country the lists name: give its name, a demonym or its two-letter code (Egypt, EG).";
    throw new ApiError(400, "INVALID_INPUT", `nationality: ${message}`, {
      fields: [{ path: "nationality", message }],
    });
  }
  return auditedAction(
    {
      ...who,
      action: "screening.search",
      targetId: null,
      summary: {
        name: query.name,
        withDateOfBirth: Boolean(query.dateOfBirth),
        withNationality: Boolean(query.nationality),
      },
    },
    async () => screen((await listsInUse()).index, query, SEARCH_HIT_LIMIT),
    (result) => ({
      summary: {
        hits: result.hits.length,
        alerts: result.hits.filter((hit) => hit.alert).length,
        bestScore: Math.round(result.bestScore * 100) / 100,
      },
    }),
  );
}
