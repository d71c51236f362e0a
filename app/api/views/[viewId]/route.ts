// PATCH/DELETE /api/views/:viewId — rename or update, or delete, one of the signed-in person's saved views
import { auditedAction } from "@/lib/server/audit/log";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { deleteView, findOwnView, updateView } from "@/lib/server/views/saved-views-store";
import { updateViewBodySchema } from "@/lib/universal/views/saved-view-schema";

export const dynamic = "force-dynamic";

export const PATCH = consoleRoute(
  { permission: "read", action: "view.update" },
  async ({ request, params, user, audit }) => {
    const viewId = String(params.viewId ?? "");
    const changes = await readJsonBody(request, updateViewBodySchema, 8 * 1024);
    const db = getConsoleDatabase();
    const before = await findOwnView(db, user.id, viewId);
    const view = await auditedAction(
      {
        ...audit,
        action: "view.update",
        targetId: viewId,
        summary: { list: before.list, name: before.name, changes },
      },
      () => updateView(db, user.id, viewId, changes),
    );
    return Response.json({ view }, { headers: NO_STORE });
  },
);

export const DELETE = consoleRoute(
  { permission: "read", action: "view.delete" },
  async ({ params, user, audit }) => {
    const viewId = String(params.viewId ?? "");
    const db = getConsoleDatabase();
    const view = await findOwnView(db, user.id, viewId);
    await auditedAction(
      { ...audit, action: "view.delete", targetId: viewId, summary: { list: view.list, name: view.name } },
      () => deleteView(db, user.id, viewId),
    );
    return new Response(null, { status: 204, headers: NO_STORE });
  },
);
