// GET /api/tokens — the platform's API tokens with who created and approved each and its expiry (expired ones revoked first)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { listConsoleTokens } from "@/lib/server/tokens/token-list";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/tokens"], async ({ user }) =>
  Response.json(await listConsoleTokens(user.id), { headers: NO_STORE }),
);
