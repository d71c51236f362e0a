// PATCH/DELETE /api/views/:viewId — rename or update, or delete, one of the signed-in person's saved views
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { deleteOwnView } from "@/lib/server/views/delete-view";
import { updateOwnView } from "@/lib/server/views/update-view";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { updateViewBodySchema } from "@/lib/universal/views/saved-view-schema";

export const dynamic = "force-dynamic";

export const PATCH = consoleRoute(
  CONSOLE_API["PATCH /api/views/[viewId]"],
  async ({ request, params, user, audit }) => {
    const viewId = String(params.viewId ?? "");
    const changes = await readJsonBody(request, updateViewBodySchema, 8 * 1024);
    const view = await updateOwnView(audit, user.id, viewId, changes);
    return Response.json({ view }, { headers: NO_STORE });
  },
);

export const DELETE = consoleRoute(
  CONSOLE_API["DELETE /api/views/[viewId]"],
  async ({ params, user, audit }) => {
    await deleteOwnView(audit, user.id, String(params.viewId ?? ""));
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
