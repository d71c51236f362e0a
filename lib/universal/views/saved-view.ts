import type { SavedViewList } from "./view-url";

/** A saved view as the console's routes answer it (GET/POST /api/views, PATCH /api/views/:id). */
export type SavedView = {
  id: string;
  list: SavedViewList;
  name: string;
  /** The list's filters, a query string without `?` in canonical form (lib/universal/views/view-url.ts). */
  query: string;
  /** The visible columns; null: the list's defaults. */
  columns: string[] | null;
  createdAt: string;
  updatedAt: string;
};

/** The longest view name the console keeps. */
export const VIEW_NAME_MAX = 80;
