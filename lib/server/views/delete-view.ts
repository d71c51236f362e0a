import "server-only";
import { type AuditEntry, auditedAction } from "../audit/log";
import { getConsoleDatabase } from "../db";
import { deleteView, findOwnView } from "./saved-views-store";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** DELETE /api/views/[viewId]: deletes one of the person's views (another's is 404), audited. */
export async function deleteOwnView(who: Who, userId: string, viewId: string): Promise<void> {
  const db = getConsoleDatabase();
  const view = await findOwnView(db, userId, viewId);
  await auditedAction(
    { ...who, action: "view.delete", targetId: viewId, summary: { list: view.list, name: view.name } },
    () => deleteView(db, userId, viewId),
  );
}
