import "server-only";
import type { z } from "zod";
import type { screeningSearchBodySchema } from "../../universal/console-api/bodies";
import type { ScreeningSearchResult } from "../../universal/screening/records";
import { listsInUse } from "./lists-in-use";
import { screen } from "./matcher";

/** POST /api/screening/search: the lists in use, searched for one name; nothing is stored. */
export async function searchLists(
  query: z.output<typeof screeningSearchBodySchema>,
): Promise<ScreeningSearchResult> {
  const { index } = await listsInUse();
  return screen(index, query, 20);
}
