import { reasonSentence } from "../privacy/reason-withheld";
import type { TimelineEntry } from "../transactions/timeline";
import { listName, type ScreeningRecord } from "./records";

const versionsIn = (versions: ScreeningRecord["listVersions"]) =>
  versions.map((v) => `${listName(v.listId)}${v.issuedOn ? ` ${v.issuedOn}` : ""}`).join(", ");

const percent = (score: number) => `${Math.round(score * 100)}%`;

/** A screening as it came out when it ran (later dismissals and confirmations are entries of their own). */
function screenedEntry(record: ScreeningRecord): TimelineEntry {
  const base = {
    key: `screening-${record.id}`,
    at: record.screenedAt,
    status: "PENDING",
    source: "console" as const,
  };
  if (record.outcome === "failed") {
    return {
      ...base,
      title: "Screening failed",
      detail: record.failure ?? "The sender could not be screened, so a person decides",
      tone: "warning",
    };
  }
  const stale = record.staleLists.length > 0 ? " · a list was out of date" : "";
  if (record.outcome === "clear") {
    return { ...base, title: "Screened clear", detail: `Against ${versionsIn(record.listVersions)}${stale}` };
  }
  const alerting = record.hits.filter((hit) => hit.alert);
  const best = alerting[0];
  return {
    ...base,
    title:
      alerting.length === 1
        ? "Screened: a potential match"
        : `Screened: ${alerting.length} potential matches`,
    detail: best
      ? `Best: ${best.primaryName} ${onTheList(best.listId)} (${percent(best.score)})${stale}`
      : `Against ${versionsIn(record.listVersions)}${stale}`,
    tone: "warning",
  };
}

/** "on the OFAC SDN list", "on the UN Security Council consolidated list": a list named as a sentence needs it. */
function onTheList(listId: string): string {
  const name = listName(listId);
  return /\blist$/i.test(name) ? `on the ${name}` : `on the ${name} list`;
}

/** What compliance decided on the screening's hits: each dismissal, and a confirmation's two steps. */
function decisionEntries(record: ScreeningRecord): TimelineEntry[] {
  return record.hits.flatMap((hit) => {
    const entry = `${hit.primaryName} ${onTheList(hit.listId)}`;
    const entries: TimelineEntry[] = [];
    if (hit.dismissed) {
      entries.push({
        key: `dismissed-${record.id}-${hit.listId}-${hit.entryId}`,
        at: hit.dismissed.at,
        status: "PENDING",
        title: `Potential match dismissed by ${hit.dismissed.by}`,
        detail: `${entry}. ${reasonSentence(hit.dismissed.reason)}`,
        source: "console",
      });
    }
    const confirmation = hit.confirmation;
    if (confirmation) {
      entries.push({
        key: `confirm-proposed-${record.id}-${hit.listId}-${hit.entryId}`,
        at: confirmation.proposedAt,
        status: "PENDING",
        title: `Match confirmation proposed by ${confirmation.proposedBy.name} (1 of 2)`,
        detail: `${entry}. ${reasonSentence(confirmation.reason)}`,
        source: "console",
        tone: "warning",
      });
      if (confirmation.confirmedBy && confirmation.confirmedAt) {
        entries.push({
          key: `confirmed-${record.id}-${hit.listId}-${hit.entryId}`,
          at: confirmation.confirmedAt,
          status: "PENDING",
          title: `Match confirmed by ${confirmation.confirmedBy.name} (2 of 2)`,
          detail: `${entry}: the payment is rejected${confirmation.confirmedReason ? `. ${reasonSentence(confirmation.confirmedReason)}` : ""}`,
          source: "console",
          tone: "danger",
        });
      }
    }
    return entries;
  });
}

/**
 * A payment's screenings as steps of its timeline (lib/universal/transactions/timeline.ts): each screening as it
 * came out, oldest first, then what compliance decided on the hits, in the order it happened.
 */
export function screeningTimeline(records: readonly ScreeningRecord[]): {
  screened: TimelineEntry[];
  decided: TimelineEntry[];
} {
  const oldestFirst = [...records].sort((a, b) => Date.parse(a.screenedAt) - Date.parse(b.screenedAt));
  const decided = new Map<string, TimelineEntry>();
  for (const record of oldestFirst)
    for (const entry of decisionEntries(record)) decided.set(entry.key, entry);
  return {
    screened: oldestFirst.map(screenedEntry),
    decided: [...decided.values()].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
  };
}
