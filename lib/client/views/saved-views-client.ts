import { queryOptions } from "@tanstack/react-query";
import type { SavedView } from "../../universal/views/saved-view";
import type { SavedViewList } from "../../universal/views/view-url";
import { consoleCall } from "../api/client";

/** The signed-in person's views of a list; kept apart from the lists' own keys, which live events invalidate. */
export const savedViewsKey = (list: SavedViewList) => ["saved-views", list] as const;

export const savedViewsQuery = (list: SavedViewList) =>
  queryOptions({
    queryKey: savedViewsKey(list),
    queryFn: ({ signal }) =>
      consoleCall("GET /api/views", { query: { list }, signal }).then((answer) => answer.views),
    staleTime: 60_000,
  });

export async function createSavedView(input: {
  list: SavedViewList;
  name: string;
  query: string;
  columns: string[] | null;
}): Promise<SavedView> {
  return (await consoleCall("POST /api/views", { body: input })).view;
}

export async function updateSavedView(
  id: string,
  changes: { name?: string; query?: string; columns?: string[] | null },
): Promise<SavedView> {
  return (await consoleCall("PATCH /api/views/[viewId]", { params: { viewId: id }, body: changes })).view;
}

export async function deleteSavedView(id: string): Promise<void> {
  await consoleCall("DELETE /api/views/[viewId]", { params: { viewId: id } });
}
