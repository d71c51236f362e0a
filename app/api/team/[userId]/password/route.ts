// POST /api/team/:userId/password — proposes a new first password for another member, for a second admin
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { proposePasswordReset } from "@/lib/server/team/propose-password-reset";
import { emptyBodySchema } from "@/lib/universal/console-api/bodies";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/team/[userId]/password"],
  async ({ request, params, user, requestId, clientRequestId }) => {
    // Nothing to choose: the body is an empty object, so a password sent along is refused, not ignored.
    await readJsonBody(request, emptyBodySchema, 1024);
    const proposal = await proposePasswordReset(
      { user, requestId, clientRequestId },
      String(params.userId ?? ""),
    );
    return Response.json({ proposal }, { status: 202, headers: NO_STORE });
  },
);
