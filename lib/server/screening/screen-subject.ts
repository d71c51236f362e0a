import "server-only";
import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { ScreeningRecord, ScreeningSubjectType, StoredHit } from "../../universal/screening/records";
import type { ListEntry, ScreeningQuery } from "../../universal/screening/types";
import { getConsoleDatabase } from "../db";
import { screeningDismissals, screeningResults, users } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { firstPersonStands } from "../team/role-since";
import { type ListsInUse, listsInUse, staleListsInUse } from "./lists-in-use";
import { ALERT_THRESHOLD, type ScreeningIndex, screen } from "./matcher";
import { normaliseName } from "./normalise";
import { withPaymentEndings } from "./payment-endings";
import { approversOfSameData, dismissalSeconded } from "./seconded-dismissals";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * What a counterparty's information (the webhook's counterpartyInformation, a customer's fields) gives the matcher:
 * the person's full name and a business's name, date of birth and nationality. Null when it names no one. Both
 * names are screened, in one screening: given both, the query is "FULL_NAME / BUSINESS_NAME" (each alternative is
 * screened, matcher.ts) and names no kind. The kind a name alone gets says only which field held it, so it costs an
 * entry of the other kind a little and excludes none.
 */
export function queryOfCounterparty(info: Record<string, string>): ScreeningQuery | null {
  const person = info.FULL_NAME?.trim();
  const business = info.BUSINESS_NAME?.trim();
  const name = person || business;
  if (!name) return null;
  const both = !!person && !!business && person.toLowerCase() !== business.toLowerCase();
  return {
    name: both ? `${person} / ${business}` : name,
    ...(both ? {} : { kind: person ? ("person" as const) : ("entity" as const) }),
    ...(info.BIRTH_DATE ? { dateOfBirth: info.BIRTH_DATE.trim() } : {}),
    ...(info.NATIONALITY ? { nationality: info.NATIONALITY.trim() } : {}),
  };
}

/**
 * The subject's data as screened, as one key: the same person with the same data gives the same key, so a
 * dismissal is remembered for them; a change to the name, date of birth or nationality gives another.
 */
export function subjectKeyOf(query: ScreeningQuery): string {
  return sha256(
    JSON.stringify([
      normaliseName(query.name, query.kind).tokens.join(" "),
      query.kind ?? "",
      query.dateOfBirth ?? "",
      (query.nationality ?? "").toUpperCase(),
    ]),
  );
}

// Entries by list and id, per index (an index never changes once built).
const entryMaps = new WeakMap<ScreeningIndex, Map<string, ListEntry>>();
function entryOf(index: ScreeningIndex, listId: string, entryId: string): ListEntry | undefined {
  let map = entryMaps.get(index);
  if (!map) {
    map = new Map(index.entries.map((entry) => [`${entry.listId}\u0000${entry.entryId}`, entry]));
    entryMaps.set(index, map);
  }
  return map.get(`${listId}\u0000${entryId}`);
}

/** The list entry as it reads in this version: a change to it re-opens a dismissal. */
const entryHashOf = (entry: ListEntry | undefined) => sha256(JSON.stringify(entry ?? null));

interface Subject {
  type: ScreeningSubjectType;
  id: string;
}

function recordOfRow(row: typeof screeningResults.$inferSelect): ScreeningRecord {
  const result = row.result as Omit<
    ScreeningRecord,
    "id" | "subjectType" | "subjectId" | "subjectName" | "outcome" | "status" | "screenedAt"
  >;
  return {
    ...result,
    id: row.id,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    subjectName: row.subjectName,
    outcome: row.outcome,
    status: row.status,
    screenedAt: row.screenedAt.toISOString(),
  };
}

/** The dismissals remembered for this subject's data, by list entry and the entry's hash. */
export async function dismissalsFor(subjectKey: string) {
  const rows = await getConsoleDatabase()
    .select({
      listId: screeningDismissals.listId,
      entryId: screeningDismissals.entryId,
      entryHash: screeningDismissals.entryHash,
      reason: screeningDismissals.reason,
      at: screeningDismissals.dismissedAt,
      byId: screeningDismissals.dismissedBy,
      name: users.name,
      email: users.email,
    })
    .from(screeningDismissals)
    .leftJoin(users, eq(users.id, screeningDismissals.dismissedBy))
    .where(
      and(
        eq(screeningDismissals.environment, currentEnvironment()),
        eq(screeningDismissals.subjectKey, subjectKey),
      ),
    )
    .orderBy(desc(screeningDismissals.dismissedAt))
    .limit(500);
  return rows;
}

export const hitKey = (hit: { listId: string; entryId: string; entryHash: string }) =>
  `${hit.listId}\u0000${hit.entryId}\u0000${hit.entryHash}`;

/**
 * The entries two officers confirmed as this subject's data on earlier screenings, by list entry and its content.
 * Read through the open-status index: confirmed screenings are few.
 */
export async function confirmationsFor(
  subjectKey: string,
): Promise<Map<string, NonNullable<StoredHit["confirmedBefore"]>>> {
  return (await confirmationsForMany([subjectKey])).get(subjectKey) ?? new Map();
}

/** confirmationsFor for several subjects' data at once (the alerts' page), by subject key. */
async function confirmationsForMany(
  subjectKeys: readonly string[],
): Promise<Map<string, Map<string, NonNullable<StoredHit["confirmedBefore"]>>>> {
  const bySubject = new Map<string, Map<string, NonNullable<StoredHit["confirmedBefore"]>>>();
  if (subjectKeys.length === 0) return bySubject;
  const rows = await getConsoleDatabase()
    .select({
      id: screeningResults.id,
      subjectKey: screeningResults.subjectKey,
      subjectType: screeningResults.subjectType,
      subjectId: screeningResults.subjectId,
      result: screeningResults.result,
    })
    .from(screeningResults)
    .where(
      and(
        eq(screeningResults.environment, currentEnvironment()),
        eq(screeningResults.status, "confirmed"),
        inArray(screeningResults.subjectKey, [...new Set(subjectKeys)]),
      ),
    )
    .orderBy(desc(screeningResults.screenedAt))
    .limit(50 * subjectKeys.length);
  for (const row of rows) {
    const confirmed = bySubject.get(row.subjectKey) ?? new Map();
    bySubject.set(row.subjectKey, confirmed);
    const hits = Array.isArray(row.result.hits) ? (row.result.hits as StoredHit[]) : [];
    for (const hit of hits) {
      const confirmation = hit.confirmation;
      if (!confirmation?.confirmedBy || !confirmation.confirmedAt || confirmed.has(hitKey(hit))) continue;
      confirmed.set(hitKey(hit), {
        resultId: row.id,
        subjectType: row.subjectType,
        subjectId: row.subjectId,
        at: confirmation.confirmedAt,
        proposedBy: confirmation.proposedBy.name,
        confirmedBy: confirmation.confirmedBy.name,
        reason: confirmation.reason,
      });
    }
  }
  return bySubject;
}

/**
 * Open screenings as they read now: an alerting hit that two officers have confirmed for the same data on another
 * screening since this one was stored says so (`confirmedBefore`), as a screening made after the confirmation
 * would, so its page offers no one-officer dismissal (the server refuses it: lib/server/screening/dismiss.ts).
 */
export async function withConfirmationsSince(
  rows: readonly (typeof screeningResults.$inferSelect)[],
  records: readonly ScreeningRecord[],
): Promise<ScreeningRecord[]> {
  const open = rows.filter((row) => row.status === "open");
  const confirmations = await confirmationsForMany(open.map((row) => row.subjectKey));
  return records.map((record, index) => {
    const row = rows[index];
    const confirmed = row && row.status === "open" ? confirmations.get(row.subjectKey) : undefined;
    if (!confirmed || confirmed.size === 0) return record;
    return {
      ...record,
      hits: record.hits.map((hit) => {
        const since =
          hit.alert && !hit.dismissed && !hit.confirmedBefore ? confirmed.get(hitKey(hit)) : undefined;
        return since ? { ...hit, confirmedBefore: since } : hit;
      }),
    };
  });
}

/** The status a screening's hits give it: open while any alerting hit is not dismissed. */
export function statusOf(hits: StoredHit[]): "clear" | "open" | "dismissed" {
  const alerting = hits.filter((hit) => hit.alert);
  if (alerting.length === 0) return "clear";
  return alerting.every((hit) => hit.dismissed) ? "dismissed" : "open";
}

/** Screens with the lists in use and applies the dismissals remembered for this subject's data. */
async function screenQuery(
  query: ScreeningQuery,
  lists?: ListsInUse,
): Promise<{
  subjectKey: string;
  hits: StoredHit[];
  body: Omit<
    ScreeningRecord,
    "id" | "subjectType" | "subjectId" | "subjectName" | "outcome" | "status" | "screenedAt"
  >;
}> {
  const { index } = lists ?? (await listsInUse());
  const subjectKey = subjectKeyOf(query);
  const [result, dismissals, confirmations, staleLists] = await Promise.all([
    Promise.resolve(screen(index, query)),
    dismissalsFor(subjectKey),
    confirmationsFor(subjectKey),
    staleListsInUse(),
  ]);
  const matched = result.hits.map((hit) => {
    const entryHash = entryHashOf(entryOf(index, hit.listId, hit.entryId));
    const confirmedBefore = confirmations.get(hitKey({ ...hit, entryHash }));
    // A dismissal older than two officers' confirmation of the same entry no longer stands.
    const dismissal = dismissals.find(
      (d) =>
        d.listId === hit.listId &&
        d.entryId === hit.entryId &&
        d.entryHash === entryHash &&
        (!confirmedBefore || d.at.getTime() > Date.parse(confirmedBefore.at)),
    );
    return { hit, entryHash, confirmedBefore, dismissal };
  });
  // Who approved payments from the same data: whether each remembered dismissal was seconded (seconded-dismissals.ts).
  const approvers = matched.some(({ dismissal }) => dismissal) ? await approversOfSameData(subjectKey) : [];
  const hits: StoredHit[] = matched.map(({ hit, entryHash, confirmedBefore, dismissal }) => {
    return {
      ...hit,
      entryHash,
      ...(confirmedBefore && hit.alert ? { confirmedBefore } : {}),
      ...(dismissal
        ? {
            dismissed: {
              reason: dismissal.reason,
              by: dismissal.name ?? dismissal.email ?? "a former member",
              byId: dismissal.byId,
              at: dismissal.at.toISOString(),
              ...(dismissalSeconded(dismissal, approvers) ? { seconded: true } : {}),
            },
          }
        : {}),
    };
  });
  return {
    subjectKey,
    hits,
    body: {
      query,
      threshold: ALERT_THRESHOLD,
      bestScore: result.bestScore,
      hits,
      listVersions: result.listVersions,
      staleLists,
    },
  };
}

/**
 * Screens a subject (a payment's counterparty, a customer) and stores the result: clear, a potential match (open
 * until every alerting hit is dismissed), or failed (the lists could not be read). Same input, same list versions,
 * same dismissals: same result.
 */
export async function screenSubject(subject: Subject, query: ScreeningQuery): Promise<ScreeningRecord> {
  const db = getConsoleDatabase();
  let values: typeof screeningResults.$inferInsert;
  try {
    const { subjectKey, hits, body } = await screenQuery(query);
    const status = statusOf(hits);
    values = {
      environment: currentEnvironment(),
      subjectType: subject.type,
      subjectId: subject.id,
      subjectKey,
      subjectName: query.name,
      outcome: hits.some((hit) => hit.alert) ? "potential-match" : "clear",
      status,
      bestScore: Math.round(body.bestScore * 1000),
      result: body,
    };
  } catch (error) {
    values = {
      environment: currentEnvironment(),
      subjectType: subject.type,
      subjectId: subject.id,
      subjectKey: subjectKeyOf(query),
      subjectName: query.name,
      outcome: "failed",
      status: "failed",
      bestScore: 0,
      result: {
        query,
        threshold: ALERT_THRESHOLD,
        bestScore: 0,
        hits: [],
        listVersions: [],
        staleLists: [],
        failure: error instanceof Error ? "The watchlists could not be read." : "Screening failed.",
      },
    };
  }
  const [row] = await db.insert(screeningResults).values(values).returning();
  if (!row) throw new Error("the screening result was not stored");
  return recordOfRow(row);
}

/**
 * What screening a subject would find now, stored nowhere: its status as screenSubject would store it, "failed" when
 * the lists cannot be read. For the policy backtest, which screens no one but must judge a recipient never screened as
 * a live decision would, by screening them (lib/server/policies/backtest-recipient-holds.ts).
 */
export async function screeningStatusNow(
  query: ScreeningQuery,
): Promise<"clear" | "open" | "dismissed" | "failed"> {
  try {
    return statusOf((await screenQuery(query)).hits);
  } catch {
    return "failed";
  }
}

/**
 * Screens again a subject whose latest screening is `previous`, with `lists` (just loaded, not yet in use): stores the
 * new screening only when it alerts, undismissed, on a list entry as it now reads that `previous` did not alert on, and
 * answers it; null when nothing is new (lib/server/screening/rescreen.ts).
 */
export async function rescreenSubject(
  previous: ScreeningRecord,
  lists: ListsInUse,
): Promise<ScreeningRecord | null> {
  const { subjectKey, hits, body } = await screenQuery(previous.query, lists);
  const alertedBefore = new Set(
    previous.hits
      .filter((hit) => hit.alert)
      .map((hit) => `${hit.listId}\u0000${hit.entryId}\u0000${hit.entryHash}`),
  );
  const isNew = hits.some(
    (hit) =>
      hit.alert &&
      !hit.dismissed &&
      !alertedBefore.has(`${hit.listId}\u0000${hit.entryId}\u0000${hit.entryHash}`),
  );
  if (!isNew) return null;
  const [row] = await getConsoleDatabase()
    .insert(screeningResults)
    .values({
      environment: currentEnvironment(),
      subjectType: previous.subjectType,
      subjectId: previous.subjectId,
      subjectKey,
      subjectName: previous.subjectName,
      outcome: "potential-match",
      status: statusOf(hits),
      bestScore: Math.round(body.bestScore * 1000),
      result: body,
    })
    .returning();
  if (!row) throw new Error("the screening result was not stored");
  return recordOfRow(row);
}

/** A subject's screenings, newest first. */
export async function screeningsOf(subjectType: ScreeningSubjectType, subjectId: string) {
  const rows = await getConsoleDatabase()
    .select()
    .from(screeningResults)
    .where(
      and(
        eq(screeningResults.environment, currentEnvironment()),
        eq(screeningResults.subjectType, subjectType),
        eq(screeningResults.subjectId, subjectId),
      ),
    )
    .orderBy(desc(screeningResults.screenedAt))
    .limit(20);
  return withPaymentEndings(await withConfirmationsSince(rows, await Promise.all(rows.map(readableRecord))));
}

/** A stored screening as GET /api/screening/results answers it, before masking. */
export function readableRecord(row: typeof screeningResults.$inferSelect): Promise<ScreeningRecord> {
  return withProposersStanding(recordOfRow(row));
}

/**
 * A record whose proposed confirmations say whether their officer still stands: one disabled or moved since binds
 * nobody (lib/server/screening/confirm.ts, dismiss.ts), and the page says so.
 */
async function withProposersStanding(record: ScreeningRecord): Promise<ScreeningRecord> {
  if (!record.hits.some((hit) => hit.confirmation && !hit.confirmation.confirmedBy)) return record;
  const hits = await Promise.all(
    record.hits.map(async (hit) => {
      const proposal = hit.confirmation;
      if (!proposal || proposal.confirmedBy) return hit;
      const stands = await firstPersonStands(proposal.proposedBy.id, new Date(proposal.proposedAt));
      return stands ? hit : { ...hit, confirmation: { ...proposal, proposerLeft: true } };
    }),
  );
  return { ...record, hits };
}

/** The first screening of each of these payments (the one made when it arrived), by payment id. */
export async function firstPaymentScreeningsOf(
  paymentIds: readonly string[],
): Promise<Map<string, ScreeningRecord>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await getConsoleDatabase()
    .selectDistinctOn([screeningResults.subjectId])
    .from(screeningResults)
    .where(
      and(
        eq(screeningResults.environment, currentEnvironment()),
        eq(screeningResults.subjectType, "payment"),
        inArray(screeningResults.subjectId, [...paymentIds]),
      ),
    )
    .orderBy(screeningResults.subjectId, asc(screeningResults.screenedAt));
  return new Map(rows.map((row) => [row.subjectId, recordOfRow(row)]));
}

/** The latest screening of each of these subjects, by subject id. */
export async function latestScreeningsOf(
  subjectType: ScreeningSubjectType,
  subjectIds: readonly string[],
): Promise<Map<string, ScreeningRecord>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await getConsoleDatabase()
    .select()
    .from(screeningResults)
    .where(
      and(
        eq(screeningResults.environment, currentEnvironment()),
        eq(screeningResults.subjectType, subjectType),
        inArray(screeningResults.subjectId, [...subjectIds]),
      ),
    )
    .orderBy(desc(screeningResults.screenedAt));
  const latest = new Map<string, ScreeningRecord>();
  for (const row of rows) if (!latest.has(row.subjectId)) latest.set(row.subjectId, recordOfRow(row));
  return latest;
}

export { recordOfRow };
