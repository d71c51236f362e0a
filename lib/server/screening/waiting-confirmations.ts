import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { WaitingProposal } from "../../universal/four-eyes/waiting-for-me";
import { maskValue } from "../../universal/privacy/fields";
import {
  listName,
  recipientScreeningHref,
  type ScreeningRecord,
  SUBJECT_NOUN,
} from "../../universal/screening/records";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { screeningResults } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { visibleCategories } from "../privacy/visibility";
import { firstPersonStands, roleSinceOf } from "../team/role-since";
import { recordOfRow } from "./screen-subject";

/** Open screenings looked at for proposals: far more than ever wait at once. */
const MAX_SCREENINGS = 50;

/** Where a screening's matches are decided: the payment's, the customer's or the account holder's page. */
function decidedAt(record: Pick<ScreeningRecord, "subjectType" | "subjectId">): string {
  const id = encodeURIComponent(record.subjectId);
  if (record.subjectType === "payment") return `/transactions/${id}#screening`;
  if (record.subjectType === "customer") return `/customers/${id}#screening`;
  return recipientScreeningHref(record.subjectId);
}

/**
 * Matches a colleague proposed confirming (the first of two officers, lib/server/screening/confirm.ts) that
 * `user` may confirm as the second: never their own proposal, nor one whose officer has been disabled or moved
 * since (it binds nobody), nor one made before the reader held their role (SECOND_PERSON_TOO_NEW). The subject is
 * named as the reader's role sees it; the list entry by its list and id, not its name.
 */
export async function screeningConfirmationsWaitingFor(user: ConsoleUser): Promise<WaitingProposal[]> {
  const rows = await getConsoleDatabase()
    .select()
    .from(screeningResults)
    .where(
      and(
        eq(screeningResults.environment, currentEnvironment()),
        eq(screeningResults.status, "open"),
        sql`${screeningResults.result}->'hits' @> '[{"confirmation": {}}]'::jsonb`,
      ),
    )
    .orderBy(desc(screeningResults.screenedAt))
    .limit(MAX_SCREENINGS);
  if (rows.length === 0) return [];
  const [roleSince, visible] = await Promise.all([roleSinceOf(user.id), visibleCategories(user.role)]);
  const waiting: WaitingProposal[] = [];
  for (const record of rows.map(recordOfRow)) {
    for (const hit of record.hits) {
      const proposal = hit.confirmation;
      if (!proposal || proposal.confirmedBy || hit.dismissed || proposal.proposedBy.id === user.id) continue;
      const proposedAt = new Date(proposal.proposedAt);
      if (!roleSince || roleSince.getTime() > proposedAt.getTime()) continue;
      if (!(await firstPersonStands(proposal.proposedBy.id, proposedAt))) continue;
      const subject = visible.includes("name")
        ? record.subjectName
        : maskValue("FULL_NAME", record.subjectName);
      waiting.push({
        id: `${record.id}:${hit.listId}:${hit.entryId}`,
        kind: "screening-confirmation",
        title: `Watchlist match to confirm: the ${SUBJECT_NOUN[record.subjectType]} ${subject}, ${listName(hit.listId)} entry ${hit.entryId}`,
        proposedBy: proposal.proposedBy.name,
        proposedAt: proposal.proposedAt,
        href: decidedAt(record),
      });
    }
  }
  return waiting;
}
