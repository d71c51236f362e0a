import "server-only";
import { and, desc, eq, ne } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import {
  diffThresholds,
  isStaleThresholds,
  loosensThresholds,
  stricterPart,
  type ThresholdChange,
  type ThresholdsProposal,
} from "../../universal/approvals/thresholds-rule";
import { type AuditedAction, auditedAction } from "../audit/log";
import {
  createProposal,
  decideProposal,
  findProposal,
  proposerOf,
  reopenProposal,
} from "../config/proposals";
import { getConsoleDatabase } from "../db";
import { configProposals } from "../db/schema";
import type { Guarded } from "../guard/route-guard";
import { firstPersonStands, proposerLeft, requireRoleBefore } from "../team/role-since";
import { listThresholds, replaceThresholds, type Threshold } from "./two-approvers";

/**
 * Changing the two-person rule (issue 46 item 1): a change that only tightens it applies at once; one that loosens
 * it (a currency removed, a minimum raised) is stored as a proposal — the configuration's proposal machinery
 * (lib/server/config/proposals.ts), kind "thresholds" — that a compliance officer or admin other than the proposer must
 * approve. Otherwise the officer the rule binds could switch it off, approve alone and switch it back.
 */

type Who = Pick<Guarded, "user" | "requestId" | "clientRequestId">;
type Row = NonNullable<Awaited<ReturnType<typeof findProposal>>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function thresholdsOf(value: Record<string, unknown>): Threshold[] {
  return Array.isArray(value.thresholds) ? (value.thresholds as Threshold[]) : [];
}

/** A stored thresholds proposal as the console's endpoints answer it. */
export function thresholdsProposalOf(row: Row): ThresholdsProposal {
  return {
    id: row.id,
    status: row.status,
    proposedBy: proposerOf(row),
    proposedAt: row.createdAt.toISOString(),
    proposalRequestId: row.proposalRequestId,
    decidedBy: row.deciderEmail,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    diff: row.diff as ThresholdChange[],
    thresholds: thresholdsOf(row.body),
  };
}

/** The thresholds proposal waiting for a second person, if any, and the five latest decided. */
export async function listThresholdsProposals(): Promise<{
  pending: ThresholdsProposal | null;
  recent: ThresholdsProposal[];
}> {
  const db = getConsoleDatabase();
  const [pending] = await db
    .select()
    .from(configProposals)
    .where(and(eq(configProposals.kind, "thresholds"), eq(configProposals.status, "proposed")))
    .limit(1);
  const recent = await db
    .select()
    .from(configProposals)
    .where(and(eq(configProposals.kind, "thresholds"), ne(configProposals.status, "proposed")))
    .orderBy(desc(configProposals.decidedAt))
    .limit(5);
  return {
    pending: pending ? thresholdsProposalOf(pending) : null,
    recent: recent.map(thresholdsProposalOf),
  };
}

/**
 * Sets the rule to `next`. Stricter only: applied. Looser (in any currency): the stricter part of it applied at
 * once (a currency added, a minimum lowered), the rest stored as a proposal; 409 when one already waits.
 */
export async function changeThresholds(
  who: Who,
  next: readonly Threshold[],
): Promise<{ thresholds: Threshold[]; proposal: ThresholdsProposal | null }> {
  const current = await listThresholds();
  const entry: AuditedAction = {
    actor: who.user,
    requestId: who.requestId,
    clientRequestId: who.clientRequestId,
    action: "approvals.thresholds.update",
    targetId: null,
    summary: { before: current, after: next },
  };
  if (!loosensThresholds(current, next)) {
    await auditedAction(entry, () => replaceThresholds(next, who.user, current));
    return { thresholds: await listThresholds(), proposal: null };
  }
  const stricter = stricterPart(current, next);
  const row = await auditedAction(
    { ...entry, summary: { ...entry.summary, twoPersonRule: "proposed", appliedNow: stricter } },
    async () => {
      // Proposed first: when another proposal already waits (409), nothing of this change is applied.
      const created = await createProposal({
        kind: "thresholds",
        body: { thresholds: next },
        before: { thresholds: stricter },
        diff: diffThresholds(stricter, next),
        user: who.user,
        requestId: who.requestId,
      }).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === "CONFIG_PROPOSAL_PENDING") {
          throw new ApiError(
            409,
            "THRESHOLDS_PROPOSAL_PENDING",
            "A change of the two-person rule is already waiting for a second approver. Approve, decline or withdraw it first.",
          );
        }
        throw error;
      });
      if (diffThresholds(current, stricter).length > 0) {
        // The rule changed since it was read: nothing of this change stands, its proposal neither.
        await replaceThresholds(stricter, who.user, current).catch(async (error: unknown) => {
          await decideProposal(created.id, "superseded", who.user, who.requestId);
          throw error;
        });
      }
      return created;
    },
    (created) => ({ summary: { proposalId: created.id } }),
  );
  return { thresholds: await listThresholds(), proposal: thresholdsProposalOf(row) };
}

async function waitingProposal(id: string): Promise<Row> {
  const row = UUID.test(id) ? await findProposal(id) : undefined;
  // Only the two-person rule's proposals are decided here; the configuration's need an admin (their own routes).
  if (row?.kind !== "thresholds") {
    throw new ApiError(404, "PROPOSAL_NOT_FOUND", "No such proposal of the two-person rule.");
  }
  if (row.status !== "proposed") {
    throw new ApiError(409, "PROPOSAL_DECIDED", `This proposal is no longer waiting: it was ${row.status}.`);
  }
  return row;
}

const decidedMeanwhile = () =>
  new ApiError(409, "PROPOSAL_DECIDED", "Someone else decided this proposal at the same moment.");

function decisionEntry(who: Who, action: string, id: string, row: Row | undefined): AuditedAction {
  return {
    actor: who.user,
    requestId: who.requestId,
    clientRequestId: who.clientRequestId,
    action,
    targetId: id,
    summary: {
      proposalId: id,
      ...(row?.kind === "thresholds"
        ? { diff: row.diff, proposedBy: row.proposerEmail, proposalRequestId: row.proposalRequestId }
        : {}),
    },
  };
}

async function rowOf(id: string): Promise<Row | undefined> {
  return UUID.test(id) ? await findProposal(id) : undefined;
}

/**
 * A second person approves: refused to the proposer (409 SECOND_PERSON_REQUIRED); refused and marked superseded when
 * the rule moved since it was proposed (409 STALE_PROPOSAL); else the proposed rule is written.
 */
export async function approveThresholdsProposal(who: Who, id: string): Promise<ThresholdsProposal> {
  const row = await rowOf(id);
  return auditedAction(decisionEntry(who, "approvals.thresholds.proposal.approve", id, row), async () => {
    const proposal = await waitingProposal(id);
    if (proposal.proposerId === who.user.id) {
      throw new ApiError(
        409,
        "SECOND_PERSON_REQUIRED",
        "You proposed this change of the two-person rule; another compliance officer or admin must approve it.",
      );
    }
    // Nor someone whose account or role is newer than the proposal (issue 46 item 2: 409 SECOND_PERSON_TOO_NEW).
    await requireRoleBefore(who.user.id, proposal.createdAt, "proposal");
    if (!(await firstPersonStands(proposal.proposerId, proposal.createdAt))) {
      await decideProposal(proposal.id, "superseded", who.user, who.requestId);
      throw proposerLeft("change of the two-person rule");
    }
    const now = await listThresholds();
    if (isStaleThresholds(thresholdsOf(proposal.before), now)) {
      await decideProposal(proposal.id, "superseded", who.user, who.requestId);
      throw new ApiError(
        409,
        "STALE_PROPOSAL",
        "The two-person rule has changed since this was proposed, so it was not applied and is now superseded. Propose the change again against the rule as it is.",
      );
    }
    const done = await decideProposal(proposal.id, "applied", who.user, who.requestId);
    if (!done) throw decidedMeanwhile();
    // Written only over the rule it was checked against; changed meanwhile, the proposal waits again (its next
    // approval finds it stale).
    await replaceThresholds(thresholdsOf(proposal.body), who.user, now).catch(async (error: unknown) => {
      await reopenProposal(proposal.id);
      throw error;
    });
    return thresholdsProposalOf(done);
  });
}

/** Another officer declines: nothing changes. The proposer withdraws instead. */
export async function declineThresholdsProposal(who: Who, id: string): Promise<ThresholdsProposal> {
  const row = await rowOf(id);
  return auditedAction(decisionEntry(who, "approvals.thresholds.proposal.decline", id, row), async () => {
    const proposal = await waitingProposal(id);
    if (proposal.proposerId === who.user.id) {
      throw new ApiError(409, "OWN_PROPOSAL", "You proposed this change: withdraw it instead.");
    }
    const done = await decideProposal(id, "declined", who.user, who.requestId);
    if (!done) throw decidedMeanwhile();
    return thresholdsProposalOf(done);
  });
}

/** The proposer takes their proposal back; nobody else may. */
export async function withdrawThresholdsProposal(who: Who, id: string): Promise<ThresholdsProposal> {
  const row = await rowOf(id);
  return auditedAction(decisionEntry(who, "approvals.thresholds.proposal.withdraw", id, row), async () => {
    const proposal = await waitingProposal(id);
    if (proposal.proposerId !== who.user.id) {
      throw new ApiError(403, "FORBIDDEN", "Only the person who proposed a change may withdraw it.");
    }
    const done = await decideProposal(id, "withdrawn", who.user, who.requestId);
    if (!done) throw decidedMeanwhile();
    return thresholdsProposalOf(done);
  });
}
