// GET /api/screening/results?payment=ID | ?customer=ID — a subject's screenings, newest first

import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { maskedFor } from "@/lib/server/privacy/visibility";
import { screeningsOf } from "@/lib/server/screening/screen-subject";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/screening/results"], async ({ request, user }) => {
  const query = new URL(request.url).searchParams;
  const payment = query.get("payment");
  const customer = query.get("customer");
  const subject = payment
    ? (["payment", payment] as const)
    : customer
      ? (["customer", customer] as const)
      : null;
  if (!subject || (payment && customer) || subject[1].length > 200) {
    throw new ApiError(400, "INVALID_INPUT", "Name one payment (?payment=) or one customer (?customer=).");
  }
  const data = await screeningsOf(subject[0], subject[1]);
  return Response.json(await maskedFor(user.role, { data }), { headers: NO_STORE });
});
