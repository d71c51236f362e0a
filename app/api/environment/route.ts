// GET /api/environment — the environment this browser acts on and the ones it may switch to;
// PUT /api/environment — switch (every page and call then uses that environment's credential), audited
import { auditedAction } from "@/lib/server/audit/log";
import { currentEnvironment } from "@/lib/server/environments/current";
import { availableEnvironments, environmentCookie, switchBodySchema } from "@/lib/server/environments/switch";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "read", action: "environment.read" }, async () =>
  Response.json(
    { environment: currentEnvironment(), available: availableEnvironments() },
    { headers: NO_STORE },
  ),
);

export const PUT = consoleRoute(
  { permission: "read", action: "environment.switch" },
  async ({ request, user, audit }) => {
    const { environment } = await readJsonBody(request, switchBodySchema, 1024);
    const from = currentEnvironment();
    await auditedAction(
      { ...audit, action: "environment.switch", targetId: environment, summary: { from, to: environment } },
      async () => {
        if (!availableEnvironments().includes(environment)) {
          throw new ApiError(
            409,
            "ENVIRONMENT_NOT_CONFIGURED",
            `This console holds no ${environment} credential (docs/CONFIGURATION.md, "Environments").`,
          );
        }
      },
    );
    const secure = new URL(request.url).protocol === "https:";
    return Response.json(
      { environment, available: availableEnvironments() },
      { headers: { ...NO_STORE, "set-cookie": environmentCookie(environment, user.id, secure) } },
    );
  },
);
