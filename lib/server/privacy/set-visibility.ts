import "server-only";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import type { Visibility } from "../../universal/privacy/fields";
import { unmasksAny, visibilityChanges } from "../../universal/privacy/visibility-change";
import { auditedAction } from "../audit/log";
import {
  createProposal,
  markProposalApplied,
  proposalOf,
  reopenProposal,
  supersedeProposal,
} from "../config/proposals";
import type { configProposals } from "../db/schema";
import type { Guarded } from "../guard/route-guard";
import { readStoredVisibility, writeVisibility } from "./visibility";

type Who = Pick<Guarded, "user" | "requestId" | "clientRequestId">;
type Row = typeof configProposals.$inferSelect;

/**
 * PUT /api/privacy/visibility: which roles see which counterparty data unmasked, audited with before and after.
 * Masking more applies at once. Showing any role a kind of data it saw masked loosens a control, so it waits for a
 * second admin (decision 0088): stored as a `privacy` proposal, the setting unchanged until another admin approves.
 */
export async function setVisibility(
  who: Who,
  visibility: Visibility,
): Promise<{ visibility: Visibility; proposal: ConfigProposal | null }> {
  const before = await readStoredVisibility();
  const changes = visibilityChanges(before, visibility);
  if (changes.length === 0) return { visibility: before, proposal: null };
  const entry = {
    actor: who.user,
    requestId: who.requestId,
    clientRequestId: who.clientRequestId,
    action: "privacy.visibility.update",
    targetId: null,
    summary: { before, after: visibility },
  };
  if (!unmasksAny(changes)) {
    const written = await auditedAction(entry, () => writeVisibility(visibility, who.user, before));
    return { visibility: written, proposal: null };
  }
  const row = await auditedAction(
    { ...entry, summary: { ...entry.summary, fourEyes: "proposed" } },
    () =>
      createProposal({
        kind: "privacy",
        body: { visibility },
        before: { visibility: before },
        diff: changes,
        user: who.user,
        requestId: who.requestId,
      }),
    (created) => ({ targetId: created.id, summary: { proposalId: created.id } }),
  );
  return { visibility: before, proposal: proposalOf(row) };
}

/**
 * A second admin approves a `privacy` proposal: applied as them, audited as the change with the proposal's links;
 * superseded (409 STALE_PROPOSAL) when the setting moved since it was proposed, so nobody approves a diff that no
 * longer describes what would change.
 */
export async function applyVisibilityProposal(who: Who, proposal: Row): Promise<void> {
  const proposed = (proposal.body as { visibility: Visibility }).visibility;
  const before = (proposal.before as { visibility: Visibility }).visibility;
  const now = await readStoredVisibility();
  if (visibilityChanges(before, now).length > 0) {
    await supersedeProposal(
      who,
      proposal.id,
      "Who sees personal data changed since this was proposed, so it was not applied and is now superseded. Propose the change again if it is still wanted.",
    );
  }
  await markProposalApplied(who, proposal.id);
  try {
    await auditedAction(
      {
        actor: who.user,
        requestId: who.requestId,
        clientRequestId: who.clientRequestId,
        action: "privacy.visibility.update",
        targetId: proposal.id,
        summary: {
          before: now,
          after: proposed,
          fourEyes: "approved",
          proposalId: proposal.id,
          proposedBy: proposal.proposerEmail,
          proposalRequestId: proposal.proposalRequestId,
        },
      },
      () => writeVisibility(proposed, who.user, now),
    );
  } catch (error) {
    // Not written (the setting moved at the same moment): the proposal waits again; its next approval finds it stale.
    await reopenProposal(proposal.id);
    throw error;
  }
}
