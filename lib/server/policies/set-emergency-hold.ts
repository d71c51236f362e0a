import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import type { emergencyHoldBodySchema } from "../../universal/console-api/bodies";
import type { EmergencyHold } from "../../universal/console-api/types";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { announce } from "../events/announce";
import { firstPersonStands, requireRoleBefore } from "../team/role-since";
import { readEmergencyHold, writeEmergencyHold, writeEmergencyHoldOver } from "./emergency-hold";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/**
 * PUT /api/approvals/emergency-hold, audited with before and after and the reason. Turning the hold on applies at
 * once, by anyone who decides payments. Turning it off takes two of them (decision 0089): the first asks, with a
 * reason, and the hold stays on; a second person, whose role predates the request, confirms and it goes off. Turning
 * it on again while a request waits drops the request.
 */
export async function setEmergencyHold(
  who: Who,
  user: ConsoleUser,
  change: z.output<typeof emergencyHoldBodySchema>,
): Promise<EmergencyHold> {
  try {
    return await changeHold(who, user, change);
  } finally {
    // Every open approvals page shows the hold as it now is: on, asked off (with who asked), or off.
    await announce({ kind: "proposals" });
  }
}

async function changeHold(
  who: Who,
  user: ConsoleUser,
  change: z.output<typeof emergencyHoldBodySchema>,
): Promise<EmergencyHold> {
  const before = await readEmergencyHold();
  const entry = (summary: Record<string, unknown>) => ({
    ...who,
    action: "approvals.emergency-hold.update",
    targetId: null,
    summary: { before: { on: before.on }, after: { on: change.on }, reason: change.reason, ...summary },
  });
  if (change.on) return auditedAction(entry({}), () => writeEmergencyHold(change, user));
  if (!before.on) {
    // Off while it reads off: written only if it still is, so an "off" sent against a stale read never overwrites
    // an "on" another officer wrote meanwhile (409 HOLD_CHANGED).
    return auditedAction(entry({}), () =>
      writeEmergencyHoldOver(
        { on: false, reason: change.reason, by: user.email, at: new Date().toISOString(), lift: null },
        user,
        before,
      ),
    );
  }

  const lift = before.lift;
  if (!lift) {
    // The first person's request: recorded on the hold, which stays on.
    const next: EmergencyHold = {
      ...before,
      lift: { byId: user.id, by: user.email, reason: change.reason, at: new Date().toISOString() },
    };
    return auditedAction(entry({ fourEyes: "proposed", held: true }), () =>
      writeEmergencyHoldOver(next, user, before),
    );
  }
  return auditedAction(entry({ fourEyes: "approved", liftRequestedBy: lift.by }), async () => {
    if (lift.byId === user.id) {
      throw new ApiError(
        409,
        "SECOND_PERSON_REQUIRED",
        "You asked to turn the emergency hold off; another compliance officer or admin must confirm it.",
      );
    }
    const askedAt = new Date(lift.at);
    // Nor someone who got the role after the request (its asker could have made them to), nor a request whose
    // asker has been disabled or moved since: it no longer stands, and is dropped.
    await requireRoleBefore(user.id, askedAt, "request");
    if (!(await firstPersonStands(lift.byId, askedAt))) {
      await writeEmergencyHoldOver({ ...before, lift: null }, user, before);
      throw new ApiError(
        409,
        "REQUEST_WITHDRAWN",
        "Whoever asked to turn the hold off has been disabled or changed role since, so the request is dropped. Ask again to turn it off.",
      );
    }
    return writeEmergencyHoldOver(
      { on: false, reason: change.reason, by: user.email, at: new Date().toISOString(), lift: null },
      user,
      before,
    );
  });
}
