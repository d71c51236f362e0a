// GET, POST /api/team — the console's users: everyone reads, admins add people
import { randomBytes } from "node:crypto";
import { writeAudit } from "@/lib/audit/log";
import { createUser, createUserInputSchema, DuplicateUserError, listUsers } from "@/lib/auth/users";
import { zodIssuesToFieldErrors } from "@/lib/contract";
import { getConsoleDatabase } from "@/lib/db";
import { consoleRoute } from "@/lib/http/console-route";
import { ConsoleError, NO_STORE } from "@/lib/http/errors";
import { readBodyText } from "@/lib/http/read-body";
import { presentUser } from "@/lib/team/present";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "read", action: "team.list" }, async () => {
  const users = await listUsers(getConsoleDatabase());
  return Response.json({ data: users.map(presentUser) }, { headers: NO_STORE });
});

export const POST = consoleRoute(
  { permission: "team.manage", action: "team.user.create" },
  async ({ request, user, requestId }) => {
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(request, 16 * 1024));
    } catch {
      throw new ConsoleError(400, "INVALID_INPUT", "The request body is not valid JSON.");
    }
    const parsed = createUserInputSchema.safeParse(body);
    if (!parsed.success)
      throw new ConsoleError(
        400,
        "INVALID_INPUT",
        "Some fields are not valid.",
        zodIssuesToFieldErrors(parsed.error),
      );
    const generated = parsed.data.password ? undefined : randomBytes(12).toString("base64url");
    try {
      const created = await createUser(getConsoleDatabase(), {
        ...parsed.data,
        password: parsed.data.password ?? generated,
      });
      await writeAudit({
        actor: user,
        action: "team.user.create",
        targetId: created.email,
        outcome: "allowed",
        requestId,
        summary: { role: created.role },
      });
      // A generated password is shown once, to the admin who creates the account, and never stored in clear.
      return Response.json(
        { user: presentUser(created), ...(generated ? { initialPassword: generated } : {}) },
        {
          status: 201,
          headers: NO_STORE,
        },
      );
    } catch (error) {
      if (error instanceof DuplicateUserError) {
        throw new ConsoleError(409, "USER_EXISTS", error.message, {
          fields: [{ path: "email", message: "Already a member" }],
        });
      }
      throw error;
    }
  },
);
