// GET, POST /api/team — the team: everyone reads, admins add people (admin/compliance wait for a second admin)
import { auditedAction } from "@/lib/server/audit/log";
import { generateFirstPassword } from "@/lib/server/auth/passwords";
import {
  createUser,
  createUserInputSchema,
  DuplicateUserError,
  findUserByEmail,
  listUsers,
} from "@/lib/server/auth/users";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { presentUser } from "@/lib/server/team/present";
import { proposeTeamChange } from "@/lib/server/team/team-proposals";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { isPrivilegedRole } from "@/lib/universal/team/privileges";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/team"], async () => {
  const users = await listUsers(getConsoleDatabase());
  return Response.json({ data: users.map(presentUser) }, { headers: NO_STORE });
});

export const POST = consoleRoute(
  CONSOLE_API["POST /api/team"],
  async ({ request, audit, user, requestId, clientRequestId }) => {
    const input = await readJsonBody(request, createUserInputSchema, 16 * 1024);
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
        { user, requestId, clientRequestId },
        "team.user.create",
        { action: "create", email: input.email, name: input.name, role: input.role },
        {},
      );
      return Response.json({ proposal }, { status: 202, headers: NO_STORE });
    }
    const generated = input.password ? undefined : generateFirstPassword();
    const created = await auditedAction(
      { ...audit, action: "team.user.create", targetId: input.email, summary: { role: input.role } },
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
    return Response.json(
      { user: presentUser(created), ...(generated ? { initialPassword: generated } : {}) },
      { status: 201, headers: NO_STORE },
    );
  },
);
