import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import type { ConfigProposal } from "../../universal/config/proposal-types";
import { isPrivilegedRole } from "../../universal/team/privileges";
import { auditedAction } from "../audit/log";
import { generateFirstPassword } from "../auth/passwords";
import {
  createUser,
  type createUserInputSchema,
  DuplicateUserError,
  findUserByEmail,
  findUserBySameMailbox,
} from "../auth/users";
import { getConsoleDatabase } from "../db";
import type { Guarded } from "../guard/route-guard";
import { requireOwnName } from "./own-name";
import { presentUser } from "./present";
import { proposeTeamChange } from "./team-proposals";

type Who = Pick<Guarded, "user" | "requestId" | "clientRequestId">;

/** What POST /api/team answers: the proposal (202) for a privileged account, else the new member (201). */
export type AddedMember =
  | { proposal: ConfigProposal }
  | { user: ReturnType<typeof presentUser>; initialPassword?: string };

/**
 * POST /api/team: adds a member, audited. An admin or compliance account is proposed for a second admin instead
 * (issue 46 item 2); a member without a password sent along gets a generated one, returned once.
 */
export async function addTeamMember(
  who: Who,
  input: z.output<typeof createUserInputSchema>,
): Promise<AddedMember> {
  await requireOwnMailbox(input.email);
  await requireOwnName(input.name);
  if (isPrivilegedRole(input.role)) {
    // An admin or compliance account could be its creator's second person: another admin approves it, and the
    // password is generated then, for that admin only (issue 46 item 2). A password sent along is refused.
    if (input.password !== undefined) {
      throw new ApiError(
        400,
        "INVALID_INPUT",
        "An admin or compliance account gets its password when a second admin approves it.",
        { fields: [{ path: "password", message: "Not for an admin or compliance account" }] },
      );
    }
    if (await findUserByEmail(getConsoleDatabase(), input.email)) {
      throw new ApiError(409, "USER_EXISTS", `A user with the email ${input.email} already exists.`, {
        fields: [{ path: "email", message: "Already a member" }],
      });
    }
    const proposal = await proposeTeamChange(
      who,
      "team.user.create",
      { action: "create", email: input.email, name: input.name, role: input.role },
      {},
    );
    return { proposal };
  }
  const generated = input.password ? undefined : generateFirstPassword();
  const created = await auditedAction(
    {
      actor: who.user,
      requestId: who.requestId,
      clientRequestId: who.clientRequestId,
      action: "team.user.create",
      targetId: input.email,
      summary: { role: input.role },
    },
    async () => {
      try {
        return await createUser(getConsoleDatabase(), { ...input, password: input.password ?? generated });
      } catch (error) {
        if (error instanceof DuplicateUserError) {
          throw new ApiError(409, "USER_EXISTS", error.message, {
            fields: [{ path: "email", message: "Already a member" }],
          });
        }
        throw error;
      }
    },
    (user) => ({ targetId: user.email, summary: { role: user.role } }),
  );
  // A generated password is shown once, to the admin who creates the account, and never stored in clear.
  return { user: presentUser(created), ...(generated ? { initialPassword: generated } : {}) };
}

/**
 * One person, one account: an address that reaches a member's mailbox under another "+tag" is refused (409
 * SAME_MAILBOX), or an admin could add alice+ops@ as a second person and read its password in their own inbox.
 */
async function requireOwnMailbox(email: string): Promise<void> {
  const member = await findUserBySameMailbox(getConsoleDatabase(), email);
  if (member && member.email.toLowerCase() !== email.toLowerCase()) {
    throw new ApiError(
      409,
      "SAME_MAILBOX",
      `${email} reaches the same mailbox as ${member.email}, already a member: one person has one account.`,
      { fields: [{ path: "email", message: `The same mailbox as ${member.email}` }] },
    );
  }
}
