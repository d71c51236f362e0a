// DELETE /api/screening/sources/[sourceId] — proposes removing a list's source (admins; a second admin approves)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { proposeSourceRemoval } from "@/lib/server/screening/sources";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const DELETE = consoleRoute(
  CONSOLE_API["DELETE /api/screening/sources/[sourceId]"],
  async ({ audit, user, params }) => {
    const proposal = await proposeSourceRemoval({ ...audit, user }, String(params.sourceId ?? ""));
    return Response.json({ proposal }, { status: 202, headers: NO_STORE });
  },
);
