import "server-only";
import type { Visibility } from "../../universal/privacy/fields";
import { type AuditEntry, auditedAction } from "../audit/log";
import { readVisibility, writeVisibility } from "./visibility";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/** PUT /api/privacy/visibility: which roles see which counterparty data unmasked, audited with before and after. */
export async function setVisibility(
  who: Who,
  by: { email: string },
  visibility: Visibility,
): Promise<Visibility> {
  const before = await readVisibility();
  return auditedAction(
    { ...who, action: "privacy.visibility.update", targetId: null, summary: { before, after: visibility } },
    () => writeVisibility(visibility, by),
  );
}
