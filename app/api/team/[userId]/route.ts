// PATCH /api/team/:userId — change a member's role, name or status (admins; a raise waits for a second admin)
import { updateUserInputSchema } from "@/lib/server/auth/users";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { updateTeamMember } from "@/lib/server/team/update-member";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const PATCH = consoleRoute(
  CONSOLE_API["PATCH /api/team/[userId]"],
  async ({ request, params, user, requestId, clientRequestId }) => {
    const userId = String(params.userId ?? "");
    const changes = await readJsonBody(request, updateUserInputSchema, 16 * 1024);
    const updated = await updateTeamMember({ user, requestId, clientRequestId }, userId, changes);
    return Response.json(updated, { status: "proposal" in updated ? 202 : 200, headers: NO_STORE });
  },
);
