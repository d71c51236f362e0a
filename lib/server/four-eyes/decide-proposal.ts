import "server-only";
import { ApiError } from "../../../shared/api-error";
import type { ConfigSettings } from "../../universal/config/diff";
import {
  diffFourEyes,
  type FourEyesSetting,
  fourEyesOf,
  isStaleConfig,
  isStaleSetting,
  settingChangeNeedsSecondAdmin,
} from "../../universal/config/four-eyes-rule";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import { type AuditedAction, auditedAction } from "../audit/log";
import {
  createProposal,
  decideProposal,
  findProposal,
  markProposalApplied,
  proposalDecidedMeanwhile,
  proposalOf,
  readFourEyes,
  reopenProposal,
  supersedeProposal,
  writeFourEyes,
} from "../config/proposals";
import { readConfigSettings } from "../config/snapshot";
import { currentEnvironment, runInEnvironment } from "../environments/current";
import { announce } from "../events/announce";
import type { Guarded } from "../guard/route-guard";
import { applyVisibilityProposal } from "../privacy/set-visibility";
import { applyConfigChange } from "../relay/apply-config";
import { applyListReplacement, discardListReplacement } from "../screening/list-replacement";
import { applySourceProposal, sourceProposalClosed } from "../screening/sources";
import { firstPersonStands, proposerLeft, requireRoleBefore } from "../team/role-since";
import { applyTeamProposal } from "../team/team-proposals";
import { applyTokenProposal } from "./token-proposals";

type Who = Pick<Guarded, "user" | "requestId" | "clientRequestId">;
type Row = NonNullable<Awaited<ReturnType<typeof findProposal>>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function waitingProposal(id: string): Promise<Row> {
  const row = UUID.test(id) ? await findProposal(id) : undefined;
  if (!row) throw new ApiError(404, "PROPOSAL_NOT_FOUND", "No such proposal.");
  // The two-person rule's proposals are decided by compliance too, on their own routes (lib/approvals/
  // threshold-proposals.ts); never here, where approving would apply them as another kind.
  if (row.kind === "thresholds") throw new ApiError(404, "PROPOSAL_NOT_FOUND", "No such proposal.");
  if (row.status !== "proposed") {
    throw new ApiError(409, "PROPOSAL_DECIDED", `This proposal is no longer waiting: it was ${row.status}.`);
  }
  return row;
}

/**
 * Runs a decision and then tells every open page that proposals moved, whatever it came to (applied, declined,
 * withdrawn, superseded as stale, or waiting again after a refusal): the proposer's page learns of an approval
 * without a reload, and the approver's of a withdrawal.
 */
async function announced<T>(decide: () => Promise<T>, approval = false): Promise<T> {
  try {
    return await decide();
  } finally {
    await announce({ kind: "proposals", ...(approval ? { approval } : {}) });
  }
}

/** The audit entry of a decision on a proposal, linked to the proposal's own row by its id and request id. */
function decisionEntry(who: Who, action: string, id: string, row?: Row): AuditedAction {
  return {
    actor: who.user,
    requestId: who.requestId,
    clientRequestId: who.clientRequestId,
    action,
    targetId: id,
    summary: {
      proposalId: id,
      ...(row
        ? { kind: row.kind, proposedBy: row.proposerEmail, proposalRequestId: row.proposalRequestId }
        : {}),
    },
  };
}

/**
 * A second admin approves: refused to the proposer (409 SECOND_ADMIN_REQUIRED); refused and marked superseded when
 * what it changes moved since it was proposed (409 STALE_PROPOSAL); else applied (a configuration change through
 * the relay, audited as usual; a setting change written). A change the API refuses leaves the proposal waiting.
 */
export async function approveProposal(
  who: Who,
  id: string,
): Promise<ConfigProposal & { initialPassword?: string }> {
  const row = UUID.test(id) ? await findProposal(id) : undefined;
  return announced(
    () =>
      auditedAction(decisionEntry(who, "config.proposal.approve", id, row), async () => {
        const proposal = await waitingProposal(id);
        if (proposal.proposerId === who.user.id) {
          throw new ApiError(
            409,
            "SECOND_ADMIN_REQUIRED",
            "You proposed this change; another admin must approve it.",
          );
        }
        // Nor an account (or role) newer than the proposal: its proposer could have made it to approve (issue 46 item 2).
        await requireRoleBefore(who.user.id, proposal.createdAt, "proposal");
        // Nor a proposal whose proposer has been disabled or moved since: it is closed (superseded), not applied.
        if (!(await firstPersonStands(proposal.proposerId, proposal.createdAt))) {
          await decideProposal(proposal.id, "superseded", who.user, who.requestId);
          throw proposerLeft("change");
        }
        // A new account's or a reset's password, generated now and shown once to this approver only.
        let initialPassword: string | undefined;
        if (proposal.kind === "config") await applyConfigProposal(who, proposal);
        else if (proposal.kind === "team") initialPassword = await applyTeamProposal(who, proposal);
        else if (proposal.kind === "privacy") await applyVisibilityProposal(who, proposal);
        else if (proposal.kind === "token") await applyTokenProposal(who, proposal);
        else if (proposal.kind === "screening-list") await applyListReplacement(who, proposal);
        else if (proposal.kind === "screening-source") await applySourceProposal(who, proposal);
        else await applySettingProposal(who, proposal);
        const done = await findProposal(id);
        return { ...proposalOf(done ?? proposal), ...(initialPassword ? { initialPassword } : {}) };
      }),
    true,
  );
}

const supersede = (who: Who, proposal: Row): Promise<never> =>
  supersedeProposal(
    who,
    proposal.id,
    "What this proposal changes has changed since it was proposed, so it was not applied and is now superseded. Propose the change again against the configuration as it is.",
  );

/** A configuration proposal is applied to the environment it was made in, wherever the approver is acting. */
function applyConfigProposal(who: Who, proposal: Row): Promise<void> {
  return runInEnvironment(proposal.environment ?? currentEnvironment(), () =>
    applyConfigProposalHere(who, proposal),
  );
}

async function applyConfigProposalHere(who: Who, proposal: Row): Promise<void> {
  const now = await readConfigSettings(who.requestId);
  if (!now) {
    throw new ApiError(
      503,
      "CONFIG_UNREADABLE",
      "The configuration could not be read to check the proposal. Try again.",
    );
  }
  if (isStaleConfig(proposal.before as ConfigSettings, now)) await supersede(who, proposal);
  await markProposalApplied(who, proposal.id);
  const answer = await applyConfigChange(who, proposal.id, proposal.body, {
    fourEyes: "approved",
    proposalId: proposal.id,
    proposedBy: proposal.proposerEmail,
    proposalRequestId: proposal.proposalRequestId,
  });
  if (answer.outcome === "allowed") return;
  if (answer.outcome !== "unknown") {
    // Not applied: the proposal waits again. Should another have been proposed meanwhile, this one gives way.
    await reopenProposal(proposal.id);
  }
  const body = answer.json && typeof answer.json === "object" ? (answer.json as Record<string, unknown>) : {};
  let parsed: Record<string, unknown> = body;
  if (Object.keys(body).length === 0) {
    try {
      parsed = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      parsed = {};
    }
  }
  throw new ApiError(
    answer.status,
    typeof parsed.code === "string" ? parsed.code : (answer.failureCode ?? "UPSTREAM_ERROR"),
    typeof parsed.message === "string" ? parsed.message : "The payment API did not apply the change.",
    parsed.details && typeof parsed.details === "object"
      ? (parsed.details as Record<string, unknown>)
      : undefined,
  );
}

async function applySettingProposal(who: Who, proposal: Row): Promise<void> {
  const now = await readFourEyes();
  if (isStaleSetting(fourEyesOf(proposal.before), now)) await supersede(who, proposal);
  await markProposalApplied(who, proposal.id);
  // Written only over the setting it was checked against; changed meanwhile, the proposal waits again (its next
  // approval finds it stale).
  await writeFourEyes(fourEyesOf(proposal.body), who.user, now).catch(async (error: unknown) => {
    await reopenProposal(proposal.id);
    throw error;
  });
}

/** Another admin declines: nothing is applied. The proposer withdraws instead. */
export async function declineProposal(who: Who, id: string): Promise<ConfigProposal> {
  const row = UUID.test(id) ? await findProposal(id) : undefined;
  return announced(() =>
    auditedAction(decisionEntry(who, "config.proposal.decline", id, row), async () => {
      const proposal = await waitingProposal(id);
      if (proposal.proposerId === who.user.id) {
        throw new ApiError(409, "OWN_PROPOSAL", "You proposed this change: withdraw it instead.");
      }
      const done = await decideProposal(id, "declined", who.user, who.requestId);
      if (!done) throw proposalDecidedMeanwhile();
      if (done.kind === "screening-list") await discardListReplacement(done);
      if (done.kind === "screening-source") await sourceProposalClosed();
      return proposalOf(done);
    }),
  );
}

/** The proposer takes their proposal back; nobody else may. */
export async function withdrawProposal(who: Who, id: string): Promise<ConfigProposal> {
  const row = UUID.test(id) ? await findProposal(id) : undefined;
  return announced(() =>
    auditedAction(decisionEntry(who, "config.proposal.withdraw", id, row), async () => {
      const proposal = await waitingProposal(id);
      if (proposal.proposerId !== who.user.id) {
        throw new ApiError(403, "FORBIDDEN", "Only the admin who proposed a change may withdraw it.");
      }
      const done = await decideProposal(id, "withdrawn", who.user, who.requestId);
      if (!done) throw proposalDecidedMeanwhile();
      if (done.kind === "screening-list") await discardListReplacement(done);
      if (done.kind === "screening-source") await sourceProposalClosed();
      return proposalOf(done);
    }),
  );
}

/**
 * Changes the four-eyes setting: applied at once when it only turns parts on (or nothing is on yet); stored as a
 * proposal for a second admin when something is on and the change turns a part off.
 */
export async function changeFourEyes(
  who: Who,
  next: FourEyesSetting,
): Promise<{ setting: FourEyesSetting; proposal: ConfigProposal | null }> {
  const current = await readFourEyes();
  const diff = diffFourEyes(current, next);
  if (diff.length === 0) return { setting: current, proposal: null };
  const entry = {
    actor: who.user,
    requestId: who.requestId,
    clientRequestId: who.clientRequestId,
    action: "config.four-eyes.update",
    targetId: null,
    summary: { before: current.config, after: next.config },
  };
  if (!settingChangeNeedsSecondAdmin(current, next)) {
    await auditedAction(entry, () => writeFourEyes(next, who.user, current));
    return { setting: next, proposal: null };
  }
  const row = await auditedAction(
    { ...entry, summary: { ...entry.summary, fourEyes: "proposed" } },
    () =>
      createProposal({
        kind: "four-eyes",
        body: next,
        before: current,
        diff,
        user: who.user,
        requestId: who.requestId,
      }),
    (created) => ({ targetId: created.id, summary: { proposalId: created.id } }),
  );
  return { setting: current, proposal: proposalOf(row) };
}
