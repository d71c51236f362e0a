import "server-only";
import { and, asc, desc, eq, inArray, isNull, ne, notInArray, or } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import { isUniqueViolation } from "../../../shared/data-exception";
import type { ConfigChange } from "../../universal/config/diff";
import {
  diffFourEyes,
  type FourEyesSetting,
  fourEyesOf,
  partOf,
} from "../../universal/config/four-eyes-rule";
import type { ConfigProposal, ConfigProposalStatus } from "../../universal/config/proposal-types";
import type { VisibilityChange } from "../../universal/privacy/visibility-change";
import type { ListReplacement } from "../../universal/screening/list-replacement";
import { type SourceChange, shownLocation } from "../../universal/screening/sources";
import type { TeamChange } from "../../universal/team/team-proposal-types";
import type { TokenProposalBody } from "../../universal/tokens/token-rules";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { writeSettingOver } from "../db/guarded-setting-write";
import { configProposals, consoleSettings, users } from "../db/schema";
import { currentEnvironment } from "../environments/current";
import { announce } from "../events/announce";

const FOUR_EYES_KEY = "four-eyes";

/** The four-eyes setting (all off when never set). */
export async function readFourEyes(): Promise<FourEyesSetting> {
  const [row] = await getConsoleDatabase()
    .select({ value: consoleSettings.value })
    .from(consoleSettings)
    .where(eq(consoleSettings.key, FOUR_EYES_KEY));
  return fourEyesOf(row?.value);
}

/**
 * Writes the setting, only while it still reads `expected`, the setting the change was judged against: two changes
 * at once (a part turned on while a proposal turning another off is approved) cannot lose one. The later is 409
 * FOUR_EYES_CHANGED and changes nothing; its author looks again.
 */
export async function writeFourEyes(
  setting: FourEyesSetting,
  by: ConsoleUser,
  expected: FourEyesSetting,
): Promise<void> {
  await writeSettingOver(FOUR_EYES_KEY, setting, {
    initial: fourEyesOf(undefined),
    by,
    stillAsJudged: (stored) => diffFourEyes(fourEyesOf(stored), expected).length === 0,
    changed: () =>
      new ApiError(
        409,
        "FOUR_EYES_CHANGED",
        "The four-eyes setting changed at the same moment, so this was not applied. Look at it again, then make your change.",
      ),
  });
}

type Row = typeof configProposals.$inferSelect;

/** Who proposed it, named as the console names people; a row from before names were kept is named by its email. */
export function proposerOf(
  row: Pick<Row, "proposerId" | "proposerEmail" | "proposerName">,
): ConfigProposal["proposedBy"] {
  return { id: row.proposerId, name: row.proposerName ?? row.proposerEmail, email: row.proposerEmail };
}

/** The names of the people who decided `rows`, by their id, to name them as the console names people. */
export async function decidersOf(rows: readonly Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.deciderId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await getConsoleDatabase()
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(found.map((person) => [person.id, person.name]));
}

/** A stored proposal as the console's endpoints answer it; `deciders` names who decided it (decidersOf). */
export function proposalOf(row: Row, deciders?: ReadonlyMap<string, string>): ConfigProposal {
  const common = {
    id: row.id,
    status: row.status,
    proposedBy: proposerOf(row),
    proposedAt: row.createdAt.toISOString(),
    proposalRequestId: row.proposalRequestId,
    decidedBy: row.deciderEmail,
    decidedByName: (row.deciderId ? deciders?.get(row.deciderId) : undefined) ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionRequestId: row.decisionRequestId,
  };
  if (row.kind === "token") {
    return { ...common, kind: "token", token: row.body as unknown as TokenProposalBody };
  }
  if (row.kind === "team") {
    return { ...common, kind: "team", change: row.body as unknown as TeamChange };
  }
  if (row.kind === "privacy") {
    return { ...common, kind: "privacy", changes: row.diff as VisibilityChange[] };
  }
  if (row.kind === "screening-list") {
    return { ...common, kind: "screening-list", list: row.body as unknown as ListReplacement };
  }
  if (row.kind === "screening-source") {
    const source = row.body as unknown as SourceChange;
    return {
      ...common,
      kind: "screening-source",
      source: { ...source, location: shownLocation(source.location) },
    };
  }
  if (row.kind === "four-eyes") {
    return {
      ...common,
      kind: "four-eyes",
      diff: row.diff as Extract<ConfigProposal, { kind: "four-eyes" }>["diff"],
    };
  }
  const diff = row.diff as ConfigChange[];
  return { ...common, kind: "config", diff, parts: [...new Set(diff.map(partOf))] };
}

export interface NewProposal {
  kind: Row["kind"];
  body: Record<string, unknown>;
  before: Record<string, unknown>;
  diff: unknown[];
  user: ConsoleUser;
  requestId: string;
  /** What it is about, when several of its kind may wait (a team change: the person's email). */
  subject?: string;
}

/** Stores a proposal; 409 when one of its kind already waits (one at a time, so none is approved over another). */
export async function createProposal(proposal: NewProposal): Promise<Row> {
  const [row] = await getConsoleDatabase()
    .insert(configProposals)
    .values({
      kind: proposal.kind,
      body: proposal.body,
      before: proposal.before,
      diff: proposal.diff,
      proposerId: proposal.user.id,
      proposerEmail: proposal.user.email,
      proposerName: proposal.user.name,
      proposalRequestId: proposal.requestId,
      environment: proposal.kind === "config" ? currentEnvironment() : null,
      subject: proposal.subject ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row && proposal.kind === "screening-list") {
    throw new ApiError(
      409,
      "CONFIG_PROPOSAL_PENDING",
      "A new file of this list is already waiting for a second admin. Another admin approves or declines it, or whoever proposed it withdraws it, before another is proposed.",
    );
  }
  if (!row && proposal.kind === "screening-source") {
    throw new ApiError(
      409,
      "CONFIG_PROPOSAL_PENDING",
      "A change of this list's source is already waiting for a second admin. Another admin approves or declines it, or whoever proposed it withdraws it, before another is proposed.",
    );
  }
  if (!row && proposal.kind === "privacy") {
    throw new ApiError(
      409,
      "CONFIG_PROPOSAL_PENDING",
      "A change of who sees personal data is already waiting for a second admin. Another admin approves or declines it, or whoever proposed it withdraws it, before another is proposed.",
    );
  }
  if (!row && proposal.kind === "team") {
    throw new ApiError(
      409,
      "CONFIG_PROPOSAL_PENDING",
      "A change for this person is already waiting for a second admin. Another admin approves or declines it, or whoever proposed it withdraws it, before another is proposed.",
    );
  }
  if (!row) {
    throw new ApiError(
      409,
      "CONFIG_PROPOSAL_PENDING",
      proposal.kind === "config"
        ? "A configuration change is already waiting for a second admin. Another admin approves or declines it, or whoever proposed it withdraws it, before another is proposed."
        : "A change of the four-eyes setting is already waiting for a second admin. Another admin approves or declines it, or whoever proposed it withdraws it, before another is proposed.",
    );
  }
  // Open pages learn of it (the overview's "waiting for you", the page where it is decided).
  await announce({ kind: "proposals" });
  return row;
}

export async function findProposal(id: string): Promise<Row | undefined> {
  const [row] = await getConsoleDatabase().select().from(configProposals).where(eq(configProposals.id, id));
  return row;
}

/** The waiting proposals and the ten latest decided ones: the four-eyes setting's and this environment's. */
export async function listProposals(): Promise<{ pending: Row[]; recent: Row[] }> {
  const db = getConsoleDatabase();
  // Team changes and who sees personal data wait on the Team page (listTeamProposals), not among the configuration's.
  const here = and(
    or(isNull(configProposals.environment), eq(configProposals.environment, currentEnvironment())),
    notInArray(configProposals.kind, [...TEAM_PAGE_KINDS]),
    // The two-person rule's changes wait in the approvals' rule dialog (lib/server/approvals/threshold-proposals.ts).
    ne(configProposals.kind, "thresholds"),
  );
  const pending = await db
    .select()
    .from(configProposals)
    .where(and(eq(configProposals.status, "proposed"), here))
    .orderBy(desc(configProposals.createdAt));
  const recent = await db
    .select()
    .from(configProposals)
    .where(and(ne(configProposals.status, "proposed"), here))
    .orderBy(desc(configProposals.decidedAt))
    .limit(10);
  return { pending, recent };
}

/**
 * Moves a waiting proposal to `status`, recording who decided and in which request. Null when it no longer waits
 * (someone else decided first): the caller answers 409.
 */
export async function decideProposal(
  id: string,
  status: Exclude<ConfigProposalStatus, "proposed">,
  by: ConsoleUser,
  requestId: string,
): Promise<Row | null> {
  const [row] = await getConsoleDatabase()
    .update(configProposals)
    .set({
      status,
      deciderId: by.id,
      deciderEmail: by.email,
      decisionRequestId: requestId,
      decidedAt: new Date(),
    })
    .where(and(eq(configProposals.id, id), eq(configProposals.status, "proposed")))
    .returning();
  return row ?? null;
}

type Decider = { user: ConsoleUser; requestId: string };

/** 409 PROPOSAL_DECIDED: another admin decided the proposal between its read and this decision. */
export const proposalDecidedMeanwhile = () =>
  new ApiError(409, "PROPOSAL_DECIDED", "Another admin decided this proposal at the same moment.");

/**
 * Refuses an approval whose change moved since it was proposed: the proposal is marked superseded (never applied
 * over a state nobody reviewed) and the approver told why, 409 STALE_PROPOSAL.
 */
export async function supersedeProposal(who: Decider, id: string, why: string): Promise<never> {
  await decideProposal(id, "superseded", who.user, who.requestId);
  throw new ApiError(409, "STALE_PROPOSAL", why);
}

/** Marks a waiting proposal applied, before its change is made; 409 PROPOSAL_DECIDED if someone decided it first. */
export async function markProposalApplied(who: Decider, id: string): Promise<Row> {
  const row = await decideProposal(id, "applied", who.user, who.requestId);
  if (!row) throw proposalDecidedMeanwhile();
  return row;
}

/**
 * An approval whose change was not applied (the API refused it, or what it changes moved meanwhile): the proposal
 * waits again, as if never approved. When another of its kind was proposed meanwhile (one waits per kind and
 * subject), it gives way and is marked superseded, never left "applied" for a change that did not happen.
 */
export async function reopenProposal(id: string): Promise<void> {
  const applied = and(eq(configProposals.id, id), eq(configProposals.status, "applied"));
  try {
    await getConsoleDatabase()
      .update(configProposals)
      .set({
        status: "proposed",
        deciderId: null,
        deciderEmail: null,
        decisionRequestId: null,
        decidedAt: null,
      })
      .where(applied);
  } catch (error) {
    // The unique index that lets one proposal wait per kind, environment and subject refused a second.
    if (!isUniqueViolation(error)) throw error;
    await getConsoleDatabase().update(configProposals).set({ status: "superseded" }).where(applied);
  }
}

/** The kinds of proposal the Team page shows and decides: team changes, and who sees personal data unmasked. */
export const TEAM_PAGE_KINDS = ["team", "privacy"] as const satisfies readonly Row["kind"][];

/** The Team page's changes waiting for a second admin (oldest first) and the ten latest decided ones. */
export async function listTeamProposals(): Promise<{ pending: Row[]; recent: Row[] }> {
  const db = getConsoleDatabase();
  const pending = await db
    .select()
    .from(configProposals)
    .where(and(eq(configProposals.status, "proposed"), inArray(configProposals.kind, [...TEAM_PAGE_KINDS])))
    .orderBy(asc(configProposals.createdAt));
  const recent = await db
    .select()
    .from(configProposals)
    .where(and(ne(configProposals.status, "proposed"), inArray(configProposals.kind, [...TEAM_PAGE_KINDS])))
    .orderBy(desc(configProposals.decidedAt))
    .limit(10);
  return { pending, recent };
}
