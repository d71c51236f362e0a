import type { ConfigProposal } from "../config/proposal-types";
import type { ScreeningSourceView } from "./sources";
import type { ListSource, ScreeningHit, ScreeningQuery, ScreeningResult } from "./types";

/** What the console names each list. */
const LIST_NAMES: Record<ListSource, string> = {
  un: "UN Security Council consolidated list",
  "ofac-sdn": "OFAC SDN",
  "ofac-advanced": "OFAC consolidated (non-SDN)",
  "eu-fsf": "EU consolidated financial sanctions",
};

export const listName = (listId: string): string => LIST_NAMES[listId as ListSource] ?? listId;

/**
 * What the console writes of a confirmed match in the rejection it sends (to the payment API, its audit row, the
 * timeline): the list and the entry's id, never the entry's name. The listed name, beside this sender, says who the
 * sender is to anyone reading the payment, masked roles included; the entry's id finds it on the list.
 */
export const confirmedMatchReason = (hit: Pick<ScreeningHit, "listId" | "entryId">): string =>
  `Confirmed watchlist match: ${listName(hit.listId)} entry ${hit.entryId}.`;

/** One stored load of a list (GET /api/screening/lists). */
export interface ScreeningListVersionView {
  id: number;
  listId: string;
  source: string;
  issuedOn: string | null;
  contentHash: string;
  counts: Record<string, unknown>;
  parseErrors: { at: string; message: string }[];
  status: "in-use" | "superseded" | "failed";
  loadedAt: string;
  checkedAt: string;
  /** In use, but not confirmed current within the freshness: payments screened against it are held. */
  stale: boolean;
}

/**
 * Stored subjects (payments' counterparties, customers) screened again after a list changed, against the new or
 * changed entries only: how far it is, and how many new potential matches it raised as alerts.
 */
export interface RescreenProgress {
  /** The lists whose entries changed, and how many entries. */
  lists: string[];
  changedEntries: number;
  startedAt: string;
  finishedAt: string | null;
  subjects: { total: number; done: number };
  newAlerts: number;
  /** Why it stopped early, when it did. */
  failure: string | null;
}

/** GET /api/screening/sources: the lists' sources, and the changes to them waiting for a second admin. */
export interface ScreeningSources {
  data: ScreeningSourceView[];
  /** The one folder a path source's file must be in (SCREENING_SOURCES_DIR), or null: only URLs are accepted. */
  folder: string | null;
  proposals: Extract<ConfigProposal, { kind: "screening-source" }>[];
}

export interface ScreeningListHealth {
  freshnessHours: number;
  /** The latest re-screening after a list change in this console process, if any. */
  rescreen: RescreenProgress | null;
  /** Every stored version, newest first per list. */
  data: ScreeningListVersionView[];
  /** New files of lists in use, waiting for a second admin, oldest first. */
  replacements: Extract<ConfigProposal, { kind: "screening-list" }>[];
}

/** A hit as stored: the matcher's explanation, and whether compliance dismissed it (with whose reason). */
export type StoredHit = ScreeningHit & {
  entryHash: string;
  /**
   * `byId`: the officer's account (absent on dismissals stored before it was kept), so the page knows its own.
   * `seconded`: a remembered dismissal someone other than its officer has stood behind since, by approving a payment
   * from the same data (decision 0090); only such a one lets the approval policies approve.
   */
  dismissed?: { reason: string; by: string; byId?: string; at: string; seconded?: boolean };
  /** A confirmation as the listed person or entity: proposed by one officer, confirmed by a second (issue 48). */
  confirmation?: {
    reason: string;
    proposedBy: { id: string; name: string; email: string };
    proposedAt: string;
    confirmedBy?: { id: string; name: string; email: string };
    confirmedAt?: string;
    /** The second officer's own reason (absent on confirmations made before it was kept). */
    confirmedReason?: string;
    /** Set as read when its officer has been disabled or moved since: the proposal binds nobody. */
    proposerLeft?: boolean;
  };
  /**
   * Two officers confirmed this entry as the same subject data on an earlier screening: one officer cannot dismiss
   * it now (409 CONFIRMED_BEFORE), as one could not overrule the two then.
   */
  confirmedBefore?: {
    resultId: string;
    subjectType: ScreeningSubjectType;
    subjectId: string;
    at: string;
    proposedBy: string;
    confirmedBy: string;
    reason: string;
  };
};

/**
 * What was screened: a payment's sender, one of the platform's customers, or the holder of an external account a
 * payment goes to (the recipient of an outgoing payment).
 */
export type ScreeningSubjectType = "payment" | "customer" | "recipient";

/** What the screened party is called in a sentence: a payment's sender, a customer, an account's holder. */
export const SUBJECT_NOUN: Record<ScreeningSubjectType, string> = {
  payment: "sender",
  customer: "customer",
  recipient: "account holder",
};

/** The page where compliance reviews the screening of an external account's holder. */
export const recipientScreeningHref = (accountId: string) =>
  `/screening/recipients/${encodeURIComponent(accountId)}`;

export type ScreeningStatus = "clear" | "open" | "dismissed" | "confirmed" | "failed";

/** One screening of a subject as the console shows it (payment page, approval card, Screening page). */
/**
 * What became of a screened payment that has ended, as its webhook said (the shape of
 * lib/universal/approvals/departure.ts's Departure, which imports this file's types, so not imported from there).
 */
export interface PaymentEnding {
  outcome: "approved" | "rejected" | "timed-out" | "failed" | "unknown";
  at?: string | undefined;
  failureReason?: string | undefined;
}

export interface ScreeningRecord {
  id: string;
  subjectType: ScreeningSubjectType;
  subjectId: string;
  subjectName: string;
  outcome: "clear" | "potential-match" | "failed";
  status: ScreeningStatus;
  screenedAt: string;
  query: ScreeningQuery;
  threshold: number;
  bestScore: number;
  hits: StoredHit[];
  listVersions: ScreeningResult["listVersions"];
  /** Lists that were stale when screened (the payment was held for it). */
  staleLists: string[];
  /** Why it failed, in words (failed screenings hold the payment). */
  failure?: string;
  /** Set when masked for the reader: the sender's fields `bestScore` leaves out (as each hit's score does). */
  scoreLeavesOut?: string[];
  /**
   * A payment's screening whose payment has ended (timed out, failed, rejected or approved), as its webhooks said:
   * its match is still decided for the record, but there is no payment left to reject.
   */
  paymentEnded?: PaymentEnding;
}

export interface ScreeningRecords {
  data: ScreeningRecord[];
}

/**
 * POST /api/screening/recipients: an external account's holder as screened, for the person about to pay it: the
 * outcome in one line, not the hits (compliance reviews those on the recipient's screening page). `screening` is null
 * when the account names no one (a platform's account registered without a beneficiary): it cannot be paid.
 */
export interface RecipientScreening {
  accountId: string;
  screening: {
    id: string;
    subjectName: string;
    status: ScreeningStatus;
    line: string;
    screenedAt: string;
  } | null;
}

/** An ad-hoc search's answer: the matcher's result, not stored. */
export type ScreeningSearchResult = ScreeningResult;

/** Whether a screening holds a match no one has dismissed: open, or confirmed. */
export const screeningMatched = (record: Pick<ScreeningRecord, "status">): boolean =>
  record.status === "open" || record.status === "confirmed";

/** Whether a screening asks a person to look: a match open or confirmed, or a screening that failed. */
export const screeningNeedsLook = (record: Pick<ScreeningRecord, "status" | "outcome">): boolean =>
  screeningMatched(record) || record.outcome === "failed";

/** "Screened clear against UN 2026-02-27, OFAC SDN 2019-01-…": one line for a card. */
export function screeningLine(
  record: Pick<ScreeningRecord, "outcome" | "status" | "hits" | "listVersions">,
): string {
  const named = (versions: ScreeningRecord["listVersions"]) =>
    versions.map((v) => `${listName(v.listId)}${v.issuedOn ? ` ${v.issuedOn}` : ""}`).join(", ");
  const lists = named(record.listVersions);
  if (record.outcome === "failed") return "Screening failed: held for a person";
  const openHits = record.hits.filter((hit) => hit.alert && !hit.dismissed);
  if (record.status === "confirmed") {
    const confirmed = record.hits.find((hit) => hit.confirmation?.confirmedBy);
    // The list and the entry, not the entry's name: the line is read beside the sender, masked or not.
    return confirmed
      ? `Confirmed match: ${listName(confirmed.listId)} entry ${confirmed.entryId}`
      : "Confirmed match";
  }
  if (openHits.length > 0) {
    // The lists that matched, not every list screened against.
    const matched = named(record.listVersions.filter((v) => openHits.some((hit) => hit.listId === v.listId)));
    const count = openHits.length === 1 ? "Potential match" : `${openHits.length} potential matches`;
    // Two officers confirmed one of these entries as the same data before: not merely a resemblance.
    const before = openHits.find((hit) => hit.confirmedBefore);
    if (before) {
      const others = openHits.length - 1;
      return `Confirmed match before: ${listName(before.listId)} entry ${before.entryId}, by two officers${
        others > 0
          ? ` · ${others} more potential ${others === 1 ? "match" : "matches"} against ${matched}`
          : ""
      }`;
    }
    return `${count} against ${matched}`;
  }
  if (record.status === "dismissed") return `Potential matches dismissed · screened against ${lists}`;
  return `Screened clear against ${lists}`;
}

/**
 * A remembered dismissal clears a sender for the policies once a person other than its officer has stood behind it
 * (decision 0090): until then one officer's dismissal would let the policies release the money alone. Dismissals
 * stored before their officer was kept (no `byId`) are read as they were then.
 */
function dismissedForThePolicies(dismissed: StoredHit["dismissed"], arrivedAt: number): boolean {
  if (!dismissed || Date.parse(dismissed.at) > arrivedAt) return false;
  return dismissed.byId === undefined || dismissed.seconded === true;
}

/**
 * What a payment's sender's screening told the policies when it arrived (their screeningClear and screeningScore
 * clauses): clear when it did not fail and every alerting hit was already dismissed then (a dismissal remembered
 * for the same data) and that dismissal seconded, and the best score in percent. Dismissals made later do not count:
 * they came after.
 */
export function screeningFactAtArrival(
  record: Pick<ScreeningRecord, "outcome" | "hits" | "bestScore" | "screenedAt">,
): { clear: boolean; bestScore: number } {
  const at = Date.parse(record.screenedAt);
  const clear =
    record.outcome === "clear" ||
    (record.outcome === "potential-match" &&
      record.hits.filter((hit) => hit.alert).every((hit) => dismissedForThePolicies(hit.dismissed, at)));
  return { clear, bestScore: Math.round(record.bestScore * 100) };
}

/**
 * Why the sender's screening keeps a payment from being approved automatically (live and in the backtest): it
 * failed, it did not clear them (screeningFactAtArrival), or it ran against a list past its freshness. Null: nothing.
 */
export function screeningBlock(
  record: Pick<ScreeningRecord, "outcome" | "hits" | "bestScore" | "screenedAt" | "staleLists">,
): "screening-failed" | "screening-potential-match" | "screening-list-stale" | null {
  if (record.outcome === "failed") return "screening-failed";
  if (!screeningFactAtArrival(record).clear) return "screening-potential-match";
  return record.staleLists.length > 0 ? "screening-list-stale" : null;
}
