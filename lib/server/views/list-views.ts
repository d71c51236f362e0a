import "server-only";
import type { SavedView } from "../../universal/views/saved-view";
import type { SavedViewList } from "../../universal/views/view-url";
import { getConsoleDatabase } from "../db";
import { listViews } from "./saved-views-store";

/** GET /api/views: the person's own views of one list. */
export async function listOwnViews(userId: string, list: SavedViewList): Promise<{ views: SavedView[] }> {
  return { views: await listViews(getConsoleDatabase(), userId, list) };
}
