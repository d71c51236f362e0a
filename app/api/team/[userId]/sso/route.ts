// DELETE /api/team/:userId/sso — unlinks a member's single sign-on (admins; an admin's or your own waits for a second admin)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { unlinkTeamMemberSso } from "@/lib/server/team/unlink-sso";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const DELETE = consoleRoute(
  CONSOLE_API["DELETE /api/team/[userId]/sso"],
  async ({ params, user, requestId, clientRequestId }) => {
    const unlinked = await unlinkTeamMemberSso(
      { user, requestId, clientRequestId },
      String(params.userId ?? ""),
    );
    return Response.json(unlinked, { status: "proposal" in unlinked ? 202 : 200, headers: NO_STORE });
  },
);
