import { queryOptions } from "@tanstack/react-query";
import type { SavedView } from "../../universal/views/saved-view";
import type { SavedViewList } from "../../universal/views/view-url";
import { consoleFetch, toQuery } from "../api/client";

/** The signed-in person's views of a list; kept apart from the lists' own keys, which live events invalidate. */
export const savedViewsKey = (list: SavedViewList) => ["saved-views", list] as const;

export const savedViewsQuery = (list: SavedViewList) =>
  queryOptions({
    queryKey: savedViewsKey(list),
    queryFn: ({ signal }) =>
      consoleFetch<{ views: SavedView[] }>(`/api/views${toQuery({ list })}`, { signal }).then(
        (answer) => answer.views,
      ),
    staleTime: 60_000,
  });

export async function createSavedView(input: {
  list: SavedViewList;
  name: string;
  query: string;
  columns: string[] | null;
}): Promise<SavedView> {
  return (await consoleFetch<{ view: SavedView }>("/api/views", { method: "POST", body: input })).view;
}

export async function updateSavedView(
  id: string,
  changes: { name?: string; query?: string; columns?: string[] | null },
): Promise<SavedView> {
  return (
    await consoleFetch<{ view: SavedView }>(`/api/views/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: changes,
    })
  ).view;
}

export async function deleteSavedView(id: string): Promise<void> {
  await consoleFetch<undefined>(`/api/views/${encodeURIComponent(id)}`, { method: "DELETE" });
}
