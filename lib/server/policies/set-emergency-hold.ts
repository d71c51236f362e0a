import "server-only";
import type { z } from "zod";
import type { emergencyHoldBodySchema } from "../../universal/console-api/bodies";
import type { EmergencyHold } from "../../universal/console-api/types";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { readEmergencyHold, writeEmergencyHold } from "./emergency-hold";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** PUT /api/approvals/emergency-hold: turns the hold on or off with a reason, audited with before and after. */
export async function setEmergencyHold(
  who: Who,
  user: ConsoleUser,
  change: z.output<typeof emergencyHoldBodySchema>,
): Promise<EmergencyHold> {
  const before = await readEmergencyHold();
  return auditedAction(
    {
      ...who,
      action: "approvals.emergency-hold.update",
      targetId: null,
      summary: { before: { on: before.on }, after: { on: change.on }, reason: change.reason },
    },
    () => writeEmergencyHold(change, user),
  );
}
