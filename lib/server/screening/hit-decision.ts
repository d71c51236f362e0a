import "server-only";
import { and, eq } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import type { ScreeningRecord, StoredHit } from "../../universal/screening/records";
import type { AuditedAction } from "../audit/log";
import { getConsoleDatabase } from "../db";
import { screeningResults } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { announce } from "../events/announce";
import { recordOfRow } from "./screen-subject";

type ResultRow = typeof screeningResults.$inferSelect;
type Transaction = Parameters<Parameters<ReturnType<typeof getConsoleDatabase>["transaction"]>[0]>[0];

const notFound = () => new ApiError(404, "NOT_FOUND", "No such screening result.");

/** The screening result a dismissal or confirmation names, in the person's environment (404 otherwise). */
export async function resultToDecide(resultId: string): Promise<ResultRow> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(resultId)) throw notFound();
  const [row] = await getConsoleDatabase()
    .select()
    .from(screeningResults)
    .where(and(eq(screeningResults.id, resultId), eq(screeningResults.environment, currentEnvironment())))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Under the result row's lock (two officers deciding at once each see the other's work): the result, and its hit
 * for this list entry, which must be an open potential match: 404 when it is no potential match of this screening,
 * 409 when it was dismissed or confirmed already, or another entry of the screening was confirmed.
 */
export async function lockedOpenHit(
  tx: Transaction,
  resultId: string,
  entry: { listId: string; entryId: string },
): Promise<{ locked: ResultRow; record: ScreeningRecord; hit: StoredHit }> {
  const [locked] = await tx
    .select()
    .from(screeningResults)
    .where(eq(screeningResults.id, resultId))
    .for("update");
  if (!locked) throw notFound();
  const record = recordOfRow(locked);
  const hit = record.hits.find((h) => h.listId === entry.listId && h.entryId === entry.entryId);
  if (!hit?.alert)
    throw new ApiError(404, "NOT_FOUND", "That list entry is not a potential match of this screening.");
  if (hit.dismissed)
    throw new ApiError(409, "ALREADY_DISMISSED", "This match was dismissed as a false positive.");
  if (hit.confirmation?.confirmedBy) {
    throw new ApiError(409, "ALREADY_CONFIRMED", "Two officers confirmed this match already.");
  }
  // Once two officers confirmed one entry as the subject, the screening is closed: its other entries are not
  // decided, and dismissing one would have written the screening's status back to open or dismissed.
  if (locked.status === "confirmed") {
    throw new ApiError(
      409,
      "SCREENING_CONFIRMED",
      "Two officers confirmed another entry of this screening as the subject: it is closed, and its other entries are not decided.",
    );
  }
  return { locked, record, hit };
}

/** Stores the result's hits as decided, with the status they give; answers the record as it now reads. */
export async function storeDecidedHits(
  tx: Transaction,
  locked: ResultRow,
  hits: StoredHit[],
  status: ResultRow["status"],
): Promise<ScreeningRecord> {
  const [updated] = await tx
    .update(screeningResults)
    .set({ status, result: { ...(locked.result as Record<string, unknown>), hits } })
    .where(eq(screeningResults.id, locked.id))
    .returning();
  if (!updated) throw notFound();
  return recordOfRow(updated);
}

/** The audit entry of a decision on one hit: the subject, the result, the list entry and the reason. */
export function hitDecisionAudit(
  who: Pick<AuditedAction, "actor" | "requestId" | "clientRequestId">,
  action: "screening.dismiss" | "screening.confirm",
  row: ResultRow,
  body: { listId: string; entryId: string; reason: string },
): AuditedAction {
  return {
    ...who,
    action,
    targetId: row.subjectId,
    summary: {
      subject: `${row.subjectType} ${row.subjectId}`,
      resultId: row.id,
      listId: body.listId,
      entryId: body.entryId,
      reason: body.reason,
    },
  };
}

/** Open pages learn that a match was decided: its screening, the alerts, and a dialog open on the same match. */
export async function announceScreeningDecision(): Promise<void> {
  await announce({ kind: "screening-decided", environment: currentEnvironment() });
}
