import "server-only";
import type { SavedView } from "../../universal/views/saved-view";
import type { UpdateViewBody } from "../../universal/views/saved-view-schema";
import { type AuditEntry, auditedAction } from "../audit/log";
import { getConsoleDatabase } from "../db";
import { findOwnView, updateView } from "./saved-views-store";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** PATCH /api/views/[viewId]: renames or updates one of the person's views (another's is 404), audited. */
export async function updateOwnView(
  who: Who,
  userId: string,
  viewId: string,
  changes: UpdateViewBody,
): Promise<SavedView> {
  const db = getConsoleDatabase();
  const before = await findOwnView(db, userId, viewId);
  return auditedAction(
    {
      ...who,
      action: "view.update",
      targetId: viewId,
      summary: { list: before.list, name: before.name, changes },
    },
    () => updateView(db, userId, viewId, changes),
  );
}
