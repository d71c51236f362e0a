import "server-only";
import type { ScreeningListHealth } from "../../universal/screening/records";
import { type AuditEntry, auditedAction } from "../audit/log";
import { refreshLists } from "./lists-in-use";
import { screeningListHealth } from "./rescreen";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** POST /api/screening/lists/refresh: the lists' folder read again now, audited; answers the lists' health after. */
export async function refreshListsNow(who: Who): Promise<ScreeningListHealth> {
  await auditedAction(
    { ...who, action: "screening.lists.refresh", targetId: null, summary: {} },
    refreshLists,
  );
  return screeningListHealth();
}
