// GET/PUT /api/privacy/visibility — which roles see which kinds of counterparty data unmasked (admins set it)
import { auditedAction } from "@/lib/server/audit/log";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { readVisibility, visibilityBodySchema, writeVisibility } from "@/lib/server/privacy/visibility";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "read", action: "privacy.visibility.read" }, async () =>
  Response.json({ visibility: await readVisibility() }, { headers: NO_STORE }),
);

export const PUT = consoleRoute(
  { permission: "team.manage", action: "privacy.visibility.update" },
  async ({ request, audit, user }) => {
    const { visibility } = await readJsonBody(request, visibilityBodySchema, 8 * 1024);
    const before = await readVisibility();
    const after = await auditedAction(
      {
        ...audit,
        action: "privacy.visibility.update",
        targetId: null,
        summary: { before, after: visibility },
      },
      () => writeVisibility(visibility, user),
    );
    return Response.json({ visibility: after }, { headers: NO_STORE });
  },
);
