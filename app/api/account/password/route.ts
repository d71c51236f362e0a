// POST /api/account/password — the signed-in person changes their own password; every session of theirs ends
import { changeOwnPassword } from "@/lib/server/auth/change-own-password";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { changePasswordInputSchema } from "@/lib/universal/auth/password-rules";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/account/password"],
  async ({ request, user, audit }) => {
    const input = await readJsonBody(request, changePasswordInputSchema, 4 * 1024);
    await changeOwnPassword(audit, user, request.headers, input);
    return Response.json({ signedOut: true }, { headers: NO_STORE });
  },
);
