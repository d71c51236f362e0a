// GET /api/environment — the environment this browser acts on and the ones it may switch to;
// PUT /api/environment — switch (every page and call then uses that environment's credential), audited
import { currentEnvironment } from "@/lib/server/environments/current";
import { availableEnvironments, environmentCookie, switchBodySchema } from "@/lib/server/environments/switch";
import { switchEnvironment } from "@/lib/server/environments/switch-environment";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/environment"], async () =>
  Response.json(
    { environment: currentEnvironment(), available: availableEnvironments() },
    { headers: NO_STORE },
  ),
);

export const PUT = consoleRoute(CONSOLE_API["PUT /api/environment"], async ({ request, user, audit }) => {
  const { environment } = await readJsonBody(request, switchBodySchema, 1024);
  await switchEnvironment(audit, environment);
  const secure = new URL(request.url).protocol === "https:";
  return Response.json(
    { environment, available: availableEnvironments() },
    { headers: { ...NO_STORE, "set-cookie": environmentCookie(environment, user.id, secure) } },
  );
});
