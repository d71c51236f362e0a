// GET, POST /api/team — the team: everyone reads, admins add people (admin/compliance wait for a second admin)
import { createUserInputSchema, listUsers } from "@/lib/server/auth/users";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { addTeamMember } from "@/lib/server/team/add-member";
import { presentUser } from "@/lib/server/team/present";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/team"], async () => {
  const users = await listUsers(getConsoleDatabase());
  return Response.json({ data: users.map(presentUser) }, { headers: NO_STORE });
});

export const POST = consoleRoute(
  CONSOLE_API["POST /api/team"],
  async ({ request, user, requestId, clientRequestId }) => {
    const input = await readJsonBody(request, createUserInputSchema, 16 * 1024);
    const added = await addTeamMember({ user, requestId, clientRequestId }, input);
    return Response.json(added, { status: "proposal" in added ? 202 : 201, headers: NO_STORE });
  },
);
