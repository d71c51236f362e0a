import type { VisibilityChange } from "../privacy/visibility-change";
import type { ListReplacement } from "../screening/list-replacement";
import type { SourceChange } from "../screening/sources";
import type { TeamChange } from "../team/team-proposal-types";
import type { TokenProposalBody } from "../tokens/token-rules";
import type { ConfigChange } from "./diff";
import type { FourEyesChange, FourEyesPart } from "./four-eyes-rule";

export type ConfigProposalStatus = "proposed" | "applied" | "declined" | "withdrawn" | "superseded";

/**
 * A change waiting for (or decided by) a second admin, as GET /api/config/proposals answers it: a configuration
 * change (`diff` in lib/universal/config/diff.ts's terms) or a change of the four-eyes setting (`diff` of switches).
 */
export type ConfigProposal = {
  id: string;
  status: ConfigProposalStatus;
  proposedBy: { id: string; name: string; email: string };
  proposedAt: string;
  proposalRequestId: string;
  /** The email of who decided it. */
  decidedBy: string | null;
  /** Their name, where the console knows it (the lists; a decision's own answer leaves it null). */
  decidedByName: string | null;
  decidedAt: string | null;
  decisionRequestId: string | null;
} & (
  | { kind: "config"; diff: ConfigChange[]; parts: FourEyesPart[] }
  | { kind: "four-eyes"; diff: FourEyesChange[] }
  | { kind: "team"; change: TeamChange }
  | { kind: "token"; token: TokenProposalBody }
  | { kind: "screening-list"; list: ListReplacement }
  | { kind: "screening-source"; source: SourceChange }
  /** Who sees which kinds of a sender's personal data unmasked: the boxes of the Team page it changes. */
  | { kind: "privacy"; changes: VisibilityChange[] }
);

/** GET /api/config/proposals: the waiting ones and the latest decided ones, newest first. */
export type ConfigProposals = { pending: ConfigProposal[]; recent: ConfigProposal[] };
