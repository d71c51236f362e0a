import "server-only";
import type { z } from "zod";
import type { screeningRevealBodySchema } from "../../universal/console-api/bodies";
import { categoryOf } from "../../universal/privacy/fields";
import { maskPersonalData } from "../../universal/privacy/mask-transaction";
import type { ScreeningRecord } from "../../universal/screening/records";
import { type AuditEntry, auditedAction } from "../audit/log";
import type { ConsoleUser } from "../auth/session-user";
import { visibleCategories } from "../privacy/visibility";
import { resultToDecide } from "./hit-decision";
import { readableRecord } from "./screen-subject";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/**
 * POST /api/screening/results/[resultId]/reveal: the screening as the person's role sees it, with one more of the
 * screened sender's fields shown: its value, and its verdict and share of the score beside each list entry. An
 * officer compares a date of birth hidden from their role before deciding a match, with a reason, audited.
 */
export async function revealScreeningField(
  who: Who,
  user: ConsoleUser,
  resultId: string,
  { field, justification }: z.output<typeof screeningRevealBodySchema>,
): Promise<{ screening: ScreeningRecord }> {
  const row = await resultToDecide(resultId);
  return auditedAction(
    {
      ...who,
      action: "screening.reveal",
      targetId: resultId,
      summary: { field, justification, subjectType: row.subjectType, subjectId: row.subjectId },
    },
    async () => {
      const visible = await visibleCategories(user.role);
      const record = await readableRecord(row);
      return { screening: maskPersonalData(record, [...visible, categoryOf(field)]) };
    },
  );
}
