import "server-only";
import type { SavedView } from "../../universal/views/saved-view";
import type { CreateViewBody } from "../../universal/views/saved-view-schema";
import { type AuditEntry, auditedAction } from "../audit/log";
import { getConsoleDatabase } from "../db";
import { createView } from "./saved-views-store";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** POST /api/views: saves a view of a list for the person, audited as `view.create` with what it holds. */
export async function createOwnView(who: Who, userId: string, body: CreateViewBody): Promise<SavedView> {
  return auditedAction(
    {
      ...who,
      action: "view.create",
      targetId: null,
      summary: { list: body.list, name: body.name, query: body.query, columns: body.columns },
    },
    () => createView(getConsoleDatabase(), userId, body),
    (created) => ({ targetId: created.id }),
  );
}
