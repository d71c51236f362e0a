// GET /api/overview — 30 days of payment volume per currency and day, days in the reader's time zone
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { overviewVolume } from "@/lib/server/transactions/overview-figures";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { isValidTimeZone } from "@/lib/universal/transactions/volume";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/overview"], async ({ request }) => {
  const timeZone = new URL(request.url).searchParams.get("timeZone") ?? "UTC";
  if (!isValidTimeZone(timeZone)) {
    throw new ApiError(400, "INVALID_INPUT", "timeZone must be a time zone name such as Europe/Berlin.");
  }
  return Response.json(await overviewVolume(timeZone), { headers: NO_STORE });
});
