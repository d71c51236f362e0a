import { findUserById } from "@/lib/server/auth/users";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { proposeTeamChange } from "@/lib/server/team/team-proposals";
import { emptyBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/team/[userId]/password"],
  async ({ request, params, user, requestId, clientRequestId }) => {
    // Nothing to choose: the body is an empty object, so a password sent along is refused, not ignored.
    await readJsonBody(request, emptyBodySchema, 1024);
    const db = getConsoleDatabase();
    const target = await findUserById(db, String(params.userId ?? ""));
    if (!target) throw new ApiError(404, "USER_NOT_FOUND", "No such team member.");
    if (target.id === user.id)
      throw new ApiError(
        409,
        "OWN_PASSWORD",
        "Change your own password from your menu; it asks for the current one.",
      );
    // Proposed, not done: a second admin approves, and the new password is generated then and shown once to that
    // admin, never to the proposer, who could otherwise reset another admin's password and act as them (issue 46).
    const proposal = await proposeTeamChange(
      { user, requestId, clientRequestId },
      "team.user.password.reset",
      { action: "password", userId: target.id, email: target.email, name: target.name },
      {},
    );
    return Response.json({ proposal }, { status: 202, headers: NO_STORE });
  },
);
