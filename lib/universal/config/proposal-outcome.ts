import type { ConfigProposal } from "./proposal-types";

/**
 * What became of a proposal that no longer waits, said to a page that showed it waiting: "Approved and applied by
 * Sam Second-Admin", "Declined by …", "Withdrawn by …", or that it was superseded. Null while it still waits.
 */
export function proposalOutcome(
  proposal: Pick<ConfigProposal, "status" | "decidedBy" | "decidedByName">,
): string | null {
  const who = proposal.decidedByName ?? proposal.decidedBy ?? "another admin";
  switch (proposal.status) {
    case "proposed":
      return null;
    case "applied":
      return `Approved and applied by ${who}.`;
    case "declined":
      return `Declined by ${who}: nothing was applied.`;
    case "withdrawn":
      return `Withdrawn by ${who}: nothing was applied.`;
    case "superseded":
      return "Not applied: what it changes changed since it was proposed, so it was superseded. Propose it again against the configuration as it is.";
  }
}

/**
 * The proposals a page showed waiting (`shown`, by id) that were decided since by someone other than the viewer (who
 * was told of their own decision as they made it): what the page says became of each.
 */
export function decidedElsewhere(
  recent: readonly ConfigProposal[],
  shown: ReadonlySet<string>,
  viewerEmail: string,
): { proposal: ConfigProposal; outcome: string }[] {
  return recent.flatMap((proposal) => {
    if (!shown.has(proposal.id)) return [];
    if (proposal.decidedBy?.toLowerCase() === viewerEmail.toLowerCase()) return [];
    const outcome = proposalOutcome(proposal);
    return outcome ? [{ proposal, outcome }] : [];
  });
}
