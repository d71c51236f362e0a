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

/** What a configuration change did, in a few words: "UMA domain to pay.example.com, adds CHF". Empty for other kinds. */
export function proposalGist(proposal: ConfigProposal): string {
  if (proposal.kind !== "config") return "";
  return proposal.diff
    .map((change) => {
      if (change.kind === "umaDomain") return `UMA domain to ${change.to}`;
      if (change.kind === "webhookEndpoint") return `webhook endpoint to ${change.to}`;
      return change.change.kind === "added"
        ? `adds ${change.change.currency.currencyCode}`
        : change.change.kind === "removed"
          ? `removes ${change.change.currency.currencyCode}`
          : `changes ${change.change.currencyCode}`;
    })
    .join(", ");
}

/** How long the proposer is told, on coming back, what another admin made of their proposal. */
const OWN_OUTCOME_DAYS = 14;

/**
 * What the page says became of proposals decided by someone other than the viewer (who was told of their own
 * decision as they made it): those the page showed waiting (`shown`, by id), and the viewer's own proposals decided
 * in the last OWN_OUTCOME_DAYS that they have not dismissed (`own.dismissed`): the proposer learns of a decline
 * when they come back, not only while the page stayed open. Without `own`, only the shown ones.
 */
export function decidedElsewhere(
  recent: readonly ConfigProposal[],
  shown: ReadonlySet<string>,
  viewerEmail: string,
  own?: { dismissed: ReadonlySet<string>; now: number },
): { proposal: ConfigProposal; outcome: string }[] {
  const viewer = viewerEmail.toLowerCase();
  return recent.flatMap((proposal) => {
    if (proposal.decidedBy?.toLowerCase() === viewer) return [];
    const mineToTell =
      own !== undefined &&
      proposal.proposedBy.email.toLowerCase() === viewer &&
      !own.dismissed.has(proposal.id) &&
      proposal.decidedAt !== null &&
      own.now - Date.parse(proposal.decidedAt) <= OWN_OUTCOME_DAYS * 86_400_000;
    if (!shown.has(proposal.id) && !mineToTell) return [];
    const outcome = proposalOutcome(proposal);
    return outcome ? [{ proposal, outcome }] : [];
  });
}
