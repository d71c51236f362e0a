import "server-only";
import { ApiError } from "../../../shared/api-error";
import { findProposal, TEAM_PAGE_KINDS } from "../config/proposals";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The Team page's proposal routes decide its own kinds only (team changes, who sees personal data): any other id is
 * not found here.
 */
export async function requireTeamProposal(id: string): Promise<void> {
  const row = UUID.test(id) ? await findProposal(id) : undefined;
  if (!row || !(TEAM_PAGE_KINDS as readonly string[]).includes(row.kind))
    throw new ApiError(404, "PROPOSAL_NOT_FOUND", "No such team proposal.");
}
