// GET/POST /api/views — the signed-in person's saved views of a list (every role keeps their own)
import { auditedAction } from "@/lib/server/audit/log";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { parseQuery } from "@/lib/server/http/query";
import { createView, listViews } from "@/lib/server/views/saved-views-store";
import { createViewBodySchema, listViewsQuerySchema } from "@/lib/universal/views/saved-view-schema";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "read", action: "view.list" }, async ({ request, user }) => {
  const { list } = parseQuery(listViewsQuerySchema, request, "Say which list's views to read.");
  return Response.json(
    { views: await listViews(getConsoleDatabase(), user.id, list) },
    { headers: NO_STORE },
  );
});

export const POST = consoleRoute(
  { permission: "read", action: "view.create" },
  async ({ request, user, audit }) => {
    const body = await readJsonBody(request, createViewBodySchema, 8 * 1024);
    const view = await auditedAction(
      {
        ...audit,
        action: "view.create",
        targetId: null,
        summary: { list: body.list, name: body.name, query: body.query, columns: body.columns },
      },
      () => createView(getConsoleDatabase(), user.id, body),
      (created) => ({ targetId: created.id }),
    );
    return Response.json({ view }, { status: 201, headers: NO_STORE });
  },
);
