// GET /api/screening/results?payment=ID | ?customer=ID | ?recipient=ID — a subject's screenings, newest first

import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { maskedFor } from "@/lib/server/privacy/visibility";
import { screeningsOf } from "@/lib/server/screening/screen-subject";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

const SUBJECTS = ["payment", "customer", "recipient"] as const;

export const GET = consoleRoute(CONSOLE_API["GET /api/screening/results"], async ({ request, user }) => {
  const query = new URL(request.url).searchParams;
  const named = SUBJECTS.flatMap((type) => {
    const id = query.get(type);
    return id === null ? [] : [[type, id] as const];
  });
  const subject = named[0];
  if (!subject || named.length > 1 || subject[1].length > 200) {
    throw new ApiError(
      400,
      "INVALID_INPUT",
      "Name one payment (?payment=), one customer (?customer=) or one external account (?recipient=).",
    );
  }
  const data = await screeningsOf(subject[0], subject[1]);
  return Response.json(await maskedFor(user.role, { data }), { headers: NO_STORE });
});
