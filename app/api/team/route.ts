// GET, POST /api/team — the console's users: everyone reads, admins add people
import { auditedAction } from "@/lib/audit/log";
import { generateFirstPassword } from "@/lib/auth/passwords";
import { createUser, createUserInputSchema, DuplicateUserError, listUsers } from "@/lib/auth/users";
import { getConsoleDatabase } from "@/lib/db";
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/json-body";
import { presentUser } from "@/lib/team/present";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "read", action: "team.list" }, async () => {
  const users = await listUsers(getConsoleDatabase());
  return Response.json({ data: users.map(presentUser) }, { headers: NO_STORE });
});

export const POST = consoleRoute(
  { permission: "team.manage", action: "team.user.create" },
  async ({ request, audit }) => {
    const input = await readJsonBody(request, createUserInputSchema, 16 * 1024);
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
