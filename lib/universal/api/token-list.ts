import type { ConfigProposal } from "../config/proposal-types";
import type { ConsoleToken, WaitingSecret } from "../tokens/token-rules";

/** GET /api/tokens. */
export interface ConsoleTokenList {
  data: ConsoleToken[];
  hasMore: boolean;
  /** This environment's token proposals waiting for a second admin. */
  pending: ConfigProposal[];
  secrets: WaitingSecret[];
}
