/**
 * A change one person proposed that waits for a second one, as the second one sees it on the overview: what it is,
 * who proposed it and when, and the page where it is decided. Only what the reader may decide, never their own.
 */
export interface WaitingProposal {
  id: string;
  kind:
    | "config"
    | "four-eyes"
    | "team"
    | "token"
    | "thresholds"
    | "screening-list"
    | "screening-source"
    | "privacy"
    | "policy"
    | "screening-confirmation"
    | "emergency-hold";
  title: string;
  proposedBy: string;
  proposedAt: string;
  href: string;
}

export interface WaitingProposals {
  data: WaitingProposal[];
}
